// Motion that explains: after each draw, every card of the table that moved glides from
// where it was (a played card from its hand, or from its player's seat when the hand was
// hidden; a taken card from the trick to the collection). Python says how long (the pace;
// 0 for "Instant"); the reduced-motion preference turns it off.
(() => {
  let cards = new Map();
  let seats = new Map();
  const tableCards = () => document.querySelectorAll("#table svg > g.seat [data-card], #table svg > g.trick [data-card]");
  window.farfaliaMotion = {
    capture() {
      cards = new Map();
      seats = new Map();
      tableCards().forEach((card) => cards.set(card.dataset.card, card.getBoundingClientRect()));
      document.querySelectorAll("#table g.seat[data-seat] > .plate").forEach((plate) =>
        seats.set(plate.parentNode.dataset.seat, plate.getBoundingClientRect()));
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
    },
  };
})();
