/* Dominations: the squares of a Civilisation Tree in words. A square is named by a card it touches,
   as the Tree is drawn (it grows upward): "above Campfire 1", "right of Painting" — a card and a
   side name one square only. The same words as square_words in civtable/games/dominations/places.py;
   the actions keep their numbers (develop counting 2 0 1). */
"use strict";

(() => {
  const BESIDE = [[0, -1, "above"], [0, 1, "below"], [-1, 0, "right of"], [1, 0, "left of"]];

  /** The words of the square (x, y) of `tree` (a player's cards, each with x, y and name). */
  Civ.treeSquare = (tree, x, y) => {
    const sx = Number(x), sy = Number(y);
    for (const [dx, dy, side] of BESIDE) {
      const card = (tree || []).find((c) => c.x === sx + dx && c.y === sy + dy);
      if (card) return `${side} ${card.name}`;
    }
    return `at square (${sx}, ${sy})`;
  };
})();
