// Package record reads and writes game records: SGF, Piskvork's PSQ and
// plain move lists, all into one Record type (size, rule, players,
// result, date, event, opening, moves with optional time and comment).
//
// Specifications followed:
//
//   - SGF: the Smart Game Format, FF[4] (https://www.red-bean.com/sgf/),
//     with GM[4] for Gomoku and Renju. Coordinates are two letters, the
//     column from the left and the row from the TOP: "aa" is the far
//     left corner (a15 on 15x15), "hh" is h8, "ao" is a1. The reader
//     takes the main line (first variation at every branch) of the first
//     game, accepts FF[3]-style long and lowercase property names, and
//     reads "" and "tt" as passes. A move's thinking time is written in
//     the private property MT (seconds). Setup stones (AB/AW/AE) are
//     rejected: a record is a sequence of moves.
//   - PSQ: the format Piskvork writes and Gomocup publishes its games in
//     (https://gomocup.org): a "Piskvorky WxH, a:b, h" header, then
//     "x,y,ms" lines with 1-based x (column) and y (row from the top),
//     then the players' names and a result code. See ReadPSQ.
//   - Move lists: the Chinese rules' notation (h8, columns a-o, rows
//     from Black's side), with an optional header. See ReadMoves.
//
// Every parser reports a corrupt file as a *SyntaxError naming the line
// (and column where it helps) and what was expected, and is fuzzed. The
// package does no I/O: callers pass bytes in and get bytes out.
package record
