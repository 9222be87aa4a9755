// The pages' DOM chores that need no decision, for main.py (whose decisions live in the farfalia
// package, tested in CPython): reading a form, offering a file, a tick of sound, the live region,
// the focus given to the first of several controls, the cards a choice names marked.
(() => {
  "use strict";
  const written = ["", ""]; // what each of the bar's two parts holds
  window.farfaliaDom = {
    // The table's SVG and the overlay's HTML, among others, come from Python's farfalia package,
    // which escapes every text it writes in them.
    // The bar's two parts (the turn's status and choices, the game's tools), each rewritten only
    // when it changed: a control that keeps its place keeps the focus (and is not read again).
    writeBar(bar, contents) {
      if (bar.children.length !== 2 || !bar.firstElementChild.classList.contains("bar-part")) {
        bar.replaceChildren(...contents.map(() => Object.assign(document.createElement("div"), { className: "bar-part" })));
        written.fill(null);
      }
      contents.forEach((content, k) => {
        if (written[k] !== content) bar.children[k].innerHTML = written[k] = content;
      });
    },

    // The rest of a screen (farfalia.ui.controller.Screen): the table (its cards gliding to their
    // new places), the overlay's panel (one that appears shows from its top, another form too, a
    // form redrawn as it is filled in stays where it was), the page held by a dialog, the theme,
    // the language, the body's data attributes (the page's test hooks) and the address. Returns
    // the name of the field being typed in (where the focus stays, `keepFocus`).
    paint(screen) {
      // Everything read from the page is read before anything is written, and the new cards'
      // places measured once all is written: one layout here (a read between writes would force
      // one of its own, of the whole page, in the same task).
      const motion = window.farfaliaMotion;
      const overlay = document.getElementById("overlay");
      const active = document.activeElement;
      const typing = screen.keepFocus && active ? active.getAttribute("name") || "" : "";
      const before = overlay.firstElementChild && !overlay.hidden ? overlay.firstElementChild.id : "";
      const scrolled = overlay.hidden ? 0 : overlay.scrollTop;
      if (motion) motion.capture();
      // A focused control about to be written over (inside the table or the overlay, never the
      // table itself, which stays) lets go of the focus first, the runtime putting it back where
      // it belongs: removed while focused, it would lay the page out on its own.
      const inside = active && active.parentElement && active.parentElement.closest("#table, #overlay");
      if (inside && !typing && !active.matches("input, select, textarea")) active.blur();
      document.getElementById("table").innerHTML = screen.table;
      overlay.innerHTML = screen.overlay;
      overlay.hidden = !screen.overlay;
      const after = overlay.firstElementChild ? overlay.firstElementChild.id : "";
      if (screen.overlay) {  // (a hidden overlay has nothing to scroll: setting it would lay the page out)
        if (before && after && before !== after) overlay.scrollTop = 0;
        else if (screen.keepFocus || !scrolled) overlay.scrollTop = scrolled;
      }
      document.getElementById("table").inert = document.getElementById("bar").inert = screen.modal;
      document.body.classList.toggle("light", screen.theme === "light");
      document.documentElement.lang = screen.lang;
      Object.assign(document.body.dataset, screen.data);
      if (screen.fragment !== null) history.replaceState(null, "", screen.fragment ? "#" + screen.fragment : location.pathname);
      const hinted = screen.hint && document.querySelector(`[data-action="${CSS.escape(screen.hint)}"]`);
      if (hinted) hinted.classList.add("hint");
      const region = document.getElementById("announce");
      if (region) this.announce(region, screen.announcements, 60);
      if (screen.sound) this.beep();
      if (motion) motion.play(screen.motion);
      return typing;
    },

    // A form's fields by name: a checkbox "on" when checked, the checked radio's value, the variants ticked.
    formFields(form) {
      const fields = {};
      for (const field of form.querySelectorAll("input[name], select[name]")) {
        if (field.type === "checkbox") fields[field.name] = field.checked ? "on" : "";
        else if (field.type !== "radio" || field.checked) fields[field.name] = field.value;
      }
      fields.variants = [...form.querySelectorAll("input[name=variant]:checked")].map((box) => box.value).join(",");
      return fields;
    },

    // Offer a text as a file.
    download(name, content) {
      const link = Object.assign(document.createElement("a"), { download: name });
      link.href = URL.createObjectURL(new Blob([content], { type: "text/plain" }));
      link.click();
      URL.revokeObjectURL(link.href);
    },

    // A short, quiet tick made in the page (no file, no network): a card was played.
    beep() {
      const context = (this.audio = this.audio || new AudioContext());
      const tone = context.createOscillator();
      const volume = context.createGain();
      volume.gain.value = 0.04;
      tone.frequency.value = 660;
      tone.connect(volume).connect(context.destination);
      tone.start();
      tone.stop(context.currentTime + 0.06);
    },

    // Add sentences to the live region (never redrawn: only what is new is read), keeping the last `kept`.
    announce(region, sentences, kept) {
      for (const sentence of sentences) region.appendChild(document.createElement("p")).textContent = sentence;
      while (region.childElementCount > kept) region.firstElementChild.remove();
    },

    // The focus to the first of `selectors` that exists and takes it (`still`: that selector's
    // control takes it without scrolling).
    focusFirst(selectors, still) {
      for (const selector of selectors) {
        const target = document.querySelector(selector);
        if (!target) continue;
        if (target !== document.activeElement) target.focus({ preventScroll: selector === still });
        if (target === document.activeElement) return;
      }
    },

    // The page's events to `handlers` (by event: the window's own, the document's the rest), and
    // the watch over other tabs (watch()).
    listen(handlers) {
      for (const [kind, handler] of Object.entries(handlers)) {
        (["resize", "hashchange", "pagehide", "pageshow", "storage"].includes(kind) ? window : document).addEventListener(kind, handler);
      }
      this.watch();
    },

    // The focus where the runtime says (farfalia.ui.runtime.Focus): back to the overlay's field
    // being typed in, onto the link to share, else to the first of `order` that takes it.
    focus(field, share, order, still) {
      if (field !== null && field !== undefined) {
        const input = document.querySelector(`#overlay [name="${CSS.escape(field)}"]`);
        if (input) input.focus();
      } else if (share) this.share(document.getElementById("share-link"));
      else this.focusFirst(order, still);
    },

    // An element's HTML, where it is shown.
    write(element, html) {
      if (element) element.innerHTML = html;
    },

    // Whether the phone's menu of tools is open.
    menuOpen() {
      const menu = document.getElementById("tools");
      return Boolean(menu && menu.matches(":popover-open"));
    },

    // A click on `target`: a tool chosen (the rules' link too) closes the menu of tools, an item
    // of a menu (<details>) its menu.
    closeMenus(target) {
      if (this.menuOpen() && target.closest("#tools a, #tools button")) document.getElementById("tools").hidePopover();
      const menu = target.closest("details");
      if (menu && target.closest("[data-action], [data-command]")) menu.open = false;
    },

    // The link to share: focused, selected and copied.
    share(field) {
      field.focus();
      field.select();
      if (navigator.clipboard) navigator.clipboard.writeText(field.value).catch(() => {});
    },

    // The start screen fitted to the game chosen: its own fields, and `count` seat rows and
    // first-dealer choices.
    fitSeats(form, count) {
      form.dataset.game = form.elements.game ? form.elements.game.value : "";
      for (const part of document.querySelectorAll("[data-options-for]")) part.hidden = part.dataset.optionsFor !== form.dataset.game;
      for (const row of document.querySelectorAll("[data-seat-row]")) row.hidden = Number(row.dataset.seatRow) >= count;
      for (const option of document.querySelectorAll("[data-seat-option]")) option.hidden = Number(option.dataset.seatOption) >= count;
    },

    // What a key pressed is pressed on: a form's field, with Ctrl, Alt or Meta, a card of the table
    // (and the cards the arrows move between: where it is among them, which can be played), a
    // control, a card that takes an action.
    keyFacts(event) {
      const target = event.target;
      const closest = (selector) => (target.closest ? target.closest(selector) : null);
      const card = closest(".card[tabindex]");
      const cards = card ? [...document.querySelectorAll("#table .card[tabindex]")] : [];
      return {
        field: ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName),
        modified: event.ctrlKey || event.metaKey || event.altKey,
        card: cards.indexOf(card),
        playable: cards.map((other) => other.hasAttribute("data-action")),
        control: Boolean(closest("[data-action], [data-command]")),
        tableAction: Boolean(closest("svg [data-action]")),
      };
    },

    // The focus from the table's card `here` to its card `there` (the tab stop with it).
    moveCard(here, there) {
      const cards = document.querySelectorAll("#table .card[tabindex]");
      cards[here].setAttribute("tabindex", "-1");
      cards[there].setAttribute("tabindex", "0");
      cards[there].focus();
    },

    // The attributes (of `names`) of the focused control, to find it again after a redraw.
    identity(names) {
      const active = document.activeElement;
      if (!active || active === document.body) return null;
      return Object.fromEntries(names.filter((name) => active.hasAttribute(name)).map((name) => [name, active.getAttribute(name)]));
    },

    // What the focus and the pointer show by themselves: an unplayable card's reason in the note
    // line (the focus), the table's cards a choice names (its data-marks) marked; the phone's menu
    // of tools closed when the focus leaves it (the note stays while it is in the menu: emptied,
    // it moved the menu, anchored to its button, under the finger). The focus a press brings
    // leaves the note as it is (a hint) unless it has a reason to say: on a phone an emptied note
    // takes its line back, which moved the card or choice pressed from under the pointer before
    // its release, and the click was lost.
    watch() {
      let pressed = false;
      document.addEventListener("pointerdown", () => { pressed = true; }, true);
      for (const kind of ["pointerup", "pointercancel"]) document.addEventListener(kind, () => { pressed = false; }, true);
      const mark = (target) => {
        const table = document.getElementById("table");
        const choice = target.closest && target.closest("#bar .choices [data-marks]");
        for (const card of table.querySelectorAll(".would-take")) card.classList.remove("would-take");
        for (const name of choice ? choice.dataset.marks.split(" ") : []) {
          const card = name && table.querySelector(`[data-card="${CSS.escape(name)}"]`);
          if (card) card.classList.add("would-take");
        }
      };
      document.addEventListener("focusin", ({ target }) => {
        if (target.closest && target.closest("#tools, #tools-toggle")) return;
        const menu = document.getElementById("tools");
        if (menu && menu.matches(":popover-open")) menu.hidePopover();
        const reason = (target.getAttribute && target.getAttribute("data-reason")) || "";
        if (reason || !pressed) document.getElementById("note").textContent = reason;
        mark(target);
      });
      document.addEventListener("pointerover", ({ target }) => mark(target));
    },
  };
})();
