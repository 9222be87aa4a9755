// The game page's durable saves and its tabs, for main.py (see farfalia/ui/saves.py).
//
// - The journal: IndexedDB entries keyed [slot, seq] holding JSON text. A write is
//   one transaction with "strict" durability: it reports success once on disk.
// - One game, one tab: a tab playing a slot holds the Web Lock "farfalia.game.<slot>";
//   other tabs see it held and do not open that game. A tab that dies lets go of it.
// - Tabs tell each other that saved games changed through a BroadcastChannel.
// Everything fails soft: without IndexedDB the journal is empty and writes reject;
// without Web Locks every game can be opened.
(() => {
  "use strict";
  const STORE = "journal";
  const LOCK = "farfalia.game.";
  const held = new Map(); // slot -> the function that lets go of its lock
  const channel = "BroadcastChannel" in self ? new BroadcastChannel("farfalia.saves") : null;
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
    const transaction = db.transaction(STORE, "readwrite", { durability: "strict" });
    change(transaction.objectStore(STORE));
    await new Promise((resolve, reject) => {
      transaction.oncomplete = resolve;
      transaction.onerror = transaction.onabort = () => reject(transaction.error);
    });
  }

  const changed = () => channel && channel.postMessage("changed");

  const store = {
    // Called (no argument) when another tab changed the saved games; set by main.py.
    onchange: null,

    // The journal's entries and the slots held by other tabs: {entries, elsewhere}.
    async snapshot() {
      let entries = [];
      const db = await opened;
      if (db) {
        const request = db.transaction(STORE, "readonly").objectStore(STORE).getAll();
        entries = await new Promise((resolve) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => resolve([]);
        });
      }
      let elsewhere = [];
      if (navigator.locks) {
        const { held: locks } = await navigator.locks.query();
        elsewhere = locks
          .map((lock) => lock.name)
          .filter((name) => name.startsWith(LOCK) && !held.has(name.slice(LOCK.length)))
          .map((name) => name.slice(LOCK.length));
      }
      return { entries, elsewhere };
    },

    // Append an entry (a base also drops the slot's earlier entries); resolves to `length`.
    async append(slot, seq, text, base, length) {
      await write((journal) => {
        if (base && seq > 0) journal.delete(IDBKeyRange.bound([slot, 0], [slot, seq], false, true));
        journal.put(text, [slot, seq]);
      });
      if (base && seq === 0) changed();
      return length;
    },

    // Drop a slot's entries.
    async forget(slot) {
      await write((journal) => journal.delete(IDBKeyRange.bound([slot, 0], [slot, Infinity])));
      changed();
    },

    // Take a slot for this tab: resolves to false if another tab has it.
    hold(slot) {
      if (!navigator.locks) return Promise.resolve(true);
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
  if (channel) channel.onmessage = () => store.onchange && store.onchange();
  window.farfaliaStore = store;
})();
