// Druidenwalzer's board script, loaded by game.js (the catalogue entry's
// js_module): choosing and sending a move (game-moves.js) and the dance
// animated step by step (game-anim.js).

export { animateRecords } from "./game-anim.js";
export { setupMoves } from "./game-moves.js";
