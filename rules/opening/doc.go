// Package opening knows how Gomoku and Renju games begin: the 26 named
// renju openings (珠型) and the opening protocols (开局规则) that decide
// the first moves and who ends up with which colour.
//
// # The 26 openings
//
// Black 1 on the centre, White 2 on one of its eight neighbours and Black 3
// in the central 5x5 square give, up to the 8 symmetries of the board,
// exactly 26 shapes (a test enumerates them): 13 direct (直指, White 2 on a
// line with Black 1) and 13 indirect (斜指, on a diagonal). All lists them
// with their RIF numbers, romaji and Chinese names; Identify names the
// opening of any three such moves. Shapes enumerates the shapes for a
// larger central square: the 7x7 square gives the 52 openings of the
// Yamaguchi 52-opening rule (26 direct + 26 indirect).
//
// Names and positions: Wikipedia, "Renju opening pattern"
// (https://en.wikipedia.org/wiki/Renju_opening_pattern) and renju.net's
// opening diagrams; the coordinates agree with three independent tables
// in public renju software.
//
// # Protocols
//
// A Machine runs one protocol as an explicit state machine. Step (or
// Next) says which player acts and which ActionKinds are allowed; Apply
// performs an Action or refuses it with an error wrapping one of ErrDone,
// ErrWrongPlayer, ErrNotAllowed, ErrBadPoint, ErrSymmetric or ErrBadNumber.
// The players are First and Second; First holds black at the start and
// Swap exchanges the colours. When Done, Result gives the moves, who plays
// Black and the first move of the main game. The steps follow these
// definitions:
//
//   - free: no opening rule.
//   - centre: Black 1 on the centre, White 2 touching it.
//   - rif (三手交换五手两打): the RIF opening rule of 1996. The tentative
//     Black lays one of the 26 openings, the tentative White may swap,
//     White plays move 4 anywhere (a move may be a pass: passing is only
//     barred within the first three moves), Black offers two fifth moves
//     that are not symmetric, White chooses one.
//     https://en.wikipedia.org/wiki/RIF_opening_rule and the International
//     Rules of Renju, http://www.renju.net/study/rifrules.php
//   - yamaguchi: as rif, but the tentative Black declares with the opening
//     how many fifth moves N he will offer, and offers N, none symmetric to
//     another. http://renju.net/media/showrule.php?rule=5 . The rule names
//     no upper limit for N; we allow 1 to MaxDeclared.
//   - five-move-n (五手N打): the Chinese three-move-swap, five-move-N rule;
//     its sequence is Yamaguchi's, so it runs the same steps.
//   - yamaguchi-52: Yamaguchi with Black 3 anywhere in the central 7x7
//     square, i.e. one of the 52 openings (the pbmserv renju server's
//     "Yamaguchi openings rule", 2005:
//     http://gamerz.net/archives/pbmserv-users@gamerz.net/200511/msg00026.html).
//   - yamaguchi-centre: Yamaguchi where only Black 1 is fixed (on the
//     centre) and White 2 and Black 3 may go anywhere.
//   - soosorv-N (Soosõrv-N; soosorv is the original N = 4, soosorv-8 the
//     World Championship rule since 2017): one of the 26 openings, swap,
//     White 4 anywhere and White declares 1 to N fifth moves, the other
//     player may swap, Black offers that many non-symmetric fifth moves,
//     White chooses. https://en.wikipedia.org/wiki/Soosõrv_opening_rule
//   - tarannikov: Black 1 on the centre, White 2 in the central 3x3, Black
//     3 in 5x5, White 4 in 7x7, Black 5 in 9x9, and after each of these
//     moves the other player may swap. Described in "Min erfarenhet av
//     Tarannikov-regeln" (luffarschack.org) and the list of opening rules at
//     luffarschack.org/artiklarna-kategorivis/43-regler/527-olika-oppningsregler
//   - taraguchi, taraguchi-N (Taraguchi-10 is the usual form): Tarannikov
//     up to White 4; then Black either plays on as Tarannikov (swap, Black
//     5 in 9x9, swap) or offers N fifth moves anywhere, none symmetric,
//     and White chooses (both options are allowed at that step).
//     https://en.wikipedia.org/wiki/Taraguchi_opening_rule
//   - swap (freestyle): the first player lays Black, White, Black anywhere;
//     the second keeps White or swaps.
//   - swap2 (freestyle, Gomocup): as swap, but the second player may
//     instead lay White 4 and Black 5 anywhere and let the first player
//     choose the colour. https://www.vint.ee/es-es/gomoku-rules and the
//     Gomocup rules.
//
// Symmetric offers: two fifth moves may not be offered together when a
// symmetry of the position carries one onto the other. The symmetries of
// a position are the rotations and reflections of the grid that map its
// stones onto themselves, colour for colour; like a referee looking at the
// stones, this includes axes that do not pass through the centre of the
// board (Equivalent tests a pair).
//
// The package does no I/O and keeps no global mutable state.
package opening
