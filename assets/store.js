// The game page's durable saves and its tabs, for main.py (see farfalia/ui/saves.py and tabs.py).
//
// - The journal: IndexedDB entries keyed [slot, writer, seq] holding JSON text (entries written
//   before pages had writer ids are keyed [slot, seq]). A write is one transaction with "strict"
//   durability: it reports success once on disk. Every failure rejects with an Error, whatever
//   the browser gave (an aborted transaction may give none).
// - One game, one tab: a tab playing a slot holds the Web Lock "farfalia.game.<slot>"; other
//   tabs see it held and do not open that game, and wait for it: when the holder lets go (or
//   its tab closes) they are told at once. Without Web Locks (plain HTTP, older browsers) the
//   page keeps a lease in localStorage instead (farfalia/ui/tabs.py).
// - Tabs tell each other that saved games changed through a BroadcastChannel.
(() => {
  "use strict";
  const STORE = "journal";
  const LOCK = "farfalia.game.";
  const held = new Map(); // slot -> the function that lets go of its lock
  const watched = new Map(); // slot held elsewhere -> the AbortController of this tab's wait for it
  const channel = "BroadcastChannel" in self ? new BroadcastChannel("farfalia.saves") : null;
  const locks = Boolean(self.navigator && navigator.locks);
  const failure = (error, what) => (error instanceof Error ? error : new Error(`${what} failed`));
  const opened = new Promise((resolve) => {
    try {
      const request = indexedDB.open("farfalia", 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch (error) {
      resolve(null); // IndexedDB refused (some privacy settings, sandboxed frames)
    }
  });

  // A read-write transaction on the journal, settled when it commits (or fails).
  async function write(change) {
    const db = await opened;
    if (!db) throw new Error("IndexedDB is unavailable");
    try {
      const transaction = db.transaction(STORE, "readwrite", { durability: "strict" });
      change(transaction.objectStore(STORE));
      await new Promise((resolve, reject) => {
        transaction.oncomplete = resolve;
        transaction.onerror = transaction.onabort = () => reject(failure(transaction.error, "a journal write"));
      });
    } catch (error) {
      throw failure(error, "a journal write");
    }
  }

  // The keys of one writer's entries of a slot up to `upto` (all of the slot's: no writer).
  function range(slot, writer, upto) {
    if (writer === null || writer === undefined) return IDBKeyRange.bound([slot], [slot, []]);
    if (writer === "") return IDBKeyRange.bound([slot, 0], [slot, upto]);
    return IDBKeyRange.bound([slot, writer, 0], [slot, writer, upto]);
  }

  const changed = () => channel && channel.postMessage("changed");
  const tell = () => store.onchange && store.onchange();

  // Wait for the lock of a slot another tab holds: granted when that tab lets go or closes.
  function watch(slot) {
    if (!locks || watched.has(slot) || held.has(slot)) return;
    const abort = new AbortController();
    watched.set(slot, abort);
    navigator.locks
      .request(LOCK + slot, { signal: abort.signal }, () => undefined) // let go at once
      .then(() => {
        watched.delete(slot);
        tell();
      }, () => watched.delete(slot));
  }

  const store = {
    // Called (no argument) when another tab changed the saved games; set by main.py.
    onchange: null,
    // Whether the browser has Web Locks (else the page keeps leases in localStorage).
    locks,

    // The journal's entries as [slot, writer, seq, text] and the slots held by other tabs:
    // {entries, elsewhere}. Another tab's slot is watched: its release is told at once.
    async snapshot() {
      let entries = [];
      const db = await opened;
      if (db) {
        entries = await new Promise((resolve) => {
          try {
            const request = db.transaction(STORE, "readonly").objectStore(STORE).openCursor();
            const found = [];
            request.onsuccess = () => {
              const cursor = request.result;
              if (!cursor) return resolve(found);
              const key = Array.isArray(cursor.key) ? cursor.key : [];
              const [slot, writer, seq] = key.length === 2 ? [key[0], "", key[1]] : key;
              const text = typeof cursor.value === "string" ? cursor.value : "";
              if (typeof slot === "string" && typeof writer === "string" && Number.isInteger(seq)) {
                found.push([slot, writer, seq, text]);
              }
              cursor.continue();
            };
            request.onerror = () => resolve(found);
          } catch (error) {
            resolve([]);
          }
        });
      }
      let elsewhere = [];
      if (locks) {
        const { held: taken } = await navigator.locks.query();
        elsewhere = taken
          .map((lock) => lock.name)
          .filter((name) => name.startsWith(LOCK) && !held.has(name.slice(LOCK.length)))
          .map((name) => name.slice(LOCK.length));
        elsewhere.forEach(watch);
      }
      return { entries, elsewhere };
    },

    // Append a journal entry (its JSON text names its slot, writer, seq and whether it is a base,
    // which also drops the writer's earlier entries of the slot); resolves to `length`.
    async write(text, length) {
      const { slot, writer, seq, base } = JSON.parse(text);
      await write((journal) => {
        if (base && seq > 0) journal.delete(range(slot, writer, seq - 1));
        journal.put(text, [slot, writer, seq]);
      });
      if (base && seq === 0) changed();
      return length;
    },

    // Drop a slot's entries (a writer's up to `upto`; all of them without a writer).
    async forget(slot, writer, upto) {
      await write((journal) => journal.delete(range(slot, writer, upto)));
      changed();
    },

    // Take a slot for this tab: resolves to false if another tab has it (true without Web Locks:
    // the page's lease decides then).
    hold(slot) {
      if (!locks) return Promise.resolve(true);
      const waiting = watched.get(slot);
      if (waiting) waiting.abort();
      return new Promise((resolve) => {
        const request = navigator.locks.request(LOCK + slot, { ifAvailable: true }, (lock) => {
          resolve(Boolean(lock));
          if (!lock) return undefined;
          changed();
          return new Promise((letGo) => held.set(slot, letGo));
        });
        request.then(changed, () => resolve(true)); // let go: tell the others
      });
    },

    // Let go of a slot this tab held.
    release(slot) {
      const letGo = held.get(slot);
      held.delete(slot);
      if (letGo) letGo();
    },
  };
  if (channel) channel.onmessage = tell;
  window.farfaliaStore = store;
})();
