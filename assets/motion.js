// Motion that explains: after each draw, every card of the table that moved glides from
// where it was (a played card from its hand, or from its player's seat when the hand was
// hidden; a taken card from the trick to the collection), and a completed trick that left
// the table slides to its winner's seat as it fades. Python says how long (the pace; 0 for
// "Instant"); the reduced-motion preference turns it off.
(() => {
  let cards = new Map();
  let seats = new Map();
  let done = null;  // the completed trick on the table: its winner's seat and its cards
  const tableCards = () => document.querySelectorAll("#table svg > g.seat [data-card], #table svg > g.trick [data-card]");
  window.farfaliaMotion = {
    capture() {
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
      if (!duration || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
      const svg = document.querySelector("#table svg");
      const matrix = svg && svg.getScreenCTM();
      if (!matrix || !matrix.a) return;
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
