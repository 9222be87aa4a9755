// Motion that explains: after each draw, every card of the table that moved glides from
// where it was (a played card from its hand, or from its player's seat when the hand was
// hidden; a taken card from the trick to the collection), and a completed trick that left
// the table slides to its winner's seat as it fades; Papillon's captures and placements
// likewise (playPapillon). Python says how long (the pace; 0 for "Instant"); the
// reduced-motion preference turns it off.
(() => {
  let cards = new Map();
  let seats = new Map();
  let done = null;  // the completed trick on the table: its winner's seat and its cards
  const tableCards = () => document.querySelectorAll("#table svg > g.seat [data-card], #table svg > g.trick [data-card]");
  const papillon = () => document.querySelector("#table svg.papillon");
  const rectOf = (element) => element && element.getBoundingClientRect();
  let gone = [];  // Papillon's blue round: the cards on the table and in the hand, to follow those captured
  let drawPile = null;
  window.farfaliaMotion = {
    capture() {
      if (papillon()) return this.capturePapillon(papillon());
      cards = new Map();
      seats = new Map();
      tableCards().forEach((card) => cards.set(card.dataset.card, card.getBoundingClientRect()));
      document.querySelectorAll("#table g.seat[data-seat] > .plate").forEach((plate) =>
        seats.set(plate.parentNode.dataset.seat, plate.getBoundingClientRect()));
      const trick = document.querySelector("#table svg > g.trick.done");
      const winner = trick && trick.querySelector(".card.winner");
      done = trick && winner ? { seat: winner.dataset.from, cards: [...trick.children].map((c) => c.cloneNode(true)) } : null;
    },
    play(duration) {
      // (Every motion starts from a card or a seat seen before: with none, as a game's first
      // table is drawn, nothing is measured, and the page is laid out once, when it paints.)
      if (!duration || (!cards.size && !seats.size) || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
      const svg = document.querySelector("#table svg");
      const matrix = svg && svg.getScreenCTM();
      if (!matrix || !matrix.a) return;
      if (svg.classList.contains("papillon")) return this.playPapillon(svg, matrix, duration);
      tableCards().forEach((card) => {
        const from = cards.get(card.dataset.card) || seats.get(card.dataset.from);
        if (!from) return;
        const to = card.getBoundingClientRect();
        const dx = (from.left + from.width / 2 - to.left - to.width / 2) / matrix.a;
        const dy = (from.top + from.height / 2 - to.top - to.height / 2) / matrix.d;
        if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
        card.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0px, 0px)" }],
                     { duration, easing: "cubic-bezier(.2,.7,.3,1)", composite: "add" });
      });
      this.sweep(svg, matrix, duration);
    },
    // Papillon: every card seen before and after glides from where it was; a card the mover
    // played from a hidden hand comes from their seat, one drawn into the hand from the draw
    // pile; in the blue round, the cards captured (gone from the table and the hand) go to the
    // mover's seat, fading. A card covered on an orange sequence just stays under its cover.
    capturePapillon(svg) {
      cards = new Map();
      seats = new Map();
      svg.querySelectorAll("[data-card]").forEach((card) => cards.set(card.dataset.card, card.getBoundingClientRect()));
      svg.querySelectorAll("[data-seat]").forEach((seat) => seats.set(seat.dataset.seat, seat.getBoundingClientRect()));
      gone = svg.classList.contains("round-blue")
        ? [...svg.querySelectorAll(".blue-table [data-card], .hand [data-card]")].map((card) => card.cloneNode(true))
        : [];
      drawPile = rectOf(svg.querySelector(".draw-pile"));
    },
    playPapillon(svg, matrix, duration) {
      const mover = seats.get(svg.dataset.mover);
      const shift = (from, to) => [(from.left + from.width / 2 - to.left - to.width / 2) / matrix.a,
                                   (from.top + from.height / 2 - to.top - to.height / 2) / matrix.d];
      svg.querySelectorAll("[data-card]").forEach((card) => {
        const placed = card.closest(".blue-table, .orange-layout") ? mover : card.closest(".hand") ? drawPile : null;
        const from = cards.get(card.dataset.card) || placed;
        if (!from) return;
        const [dx, dy] = shift(from, card.getBoundingClientRect());
        if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
        card.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0px, 0px)" }],
                     { duration, easing: "cubic-bezier(.2,.7,.3,1)", composite: "add" });
      });
      const taken = gone.filter((clone) => !svg.querySelector(`[data-card="${clone.dataset.card}"]`));
      if (!mover || !taken.length) return;
      const layer = document.createElementNS("http://www.w3.org/2000/svg", "g");
      layer.setAttribute("aria-hidden", "true");
      layer.setAttribute("class", "captured");
      svg.appendChild(layer);
      taken.forEach((clone) => {
        layer.appendChild(clone);
        const [dx, dy] = shift(mover, clone.getBoundingClientRect()).map((d) => -d);
        clone.animate([{ transform: "translate(0px, 0px)", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px)`, opacity: 0 }],
                      { duration, easing: "ease-in", composite: "add", fill: "forwards" });
      });
      setTimeout(() => layer.remove(), duration + 50);
    },
    // The completed trick is gone from the new table: its cards go to the winner, fading.
    sweep(svg, matrix, duration) {
      const to = done && seats.get(done.seat);
      if (!to || document.querySelector("#table svg > g.trick.done")) return;
      const layer = document.createElementNS("http://www.w3.org/2000/svg", "g");
      layer.setAttribute("aria-hidden", "true");
      svg.appendChild(layer);
      done.cards.forEach((card) => layer.appendChild(card));
      done.cards.forEach((card) => {
        const from = card.getBoundingClientRect();
        const dx = (to.left + to.width / 2 - from.left - from.width / 2) / matrix.a;
        const dy = (to.top + to.height / 2 - from.top - from.height / 2) / matrix.d;
        card.animate([{ transform: "translate(0px, 0px)", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px)`, opacity: 0 }],
                     { duration, easing: "ease-in", composite: "add", fill: "forwards" });
      });
      setTimeout(() => layer.remove(), duration + 50);
    },
  };
})();
