// Package clock is the game clock: sudden death (包干), byo-yomi
// periods after the main time (读秒), Fischer increment (加秒), a simple
// delay, a per-move limit (as Gomocup's timeout_turn), and a shared
// clock (one budget for both sides).
//
// A Clock takes its time from an injected Source: System in a game,
// a *Manual in tests, which moves only when told to, so tests are exact
// and never sleep. The clock runs no goroutine; it reads the source
// whenever it is asked (Flagged, Remaining, Display, Press).
//
// Conventions, as in the Chinese rules (中国五子棋竞赛规则) and common
// tournament practice (FIDE Laws of Chess, Appendix on clocks, for
// increment and delay; Japanese byo-yomi for periods):
//
//   - A side flags when its time reaches zero; pressing at zero is late.
//   - Byo-yomi: after the main time, each period lasts Period; a move
//     made within a period keeps it (the next move starts a full
//     period again), each period that runs out is spent, and the side
//     flags when the last one runs out.
//   - Fischer: the increment is added after each completed move.
//   - Delay (the US or "simple" delay): the first Delay of every move is
//     free; only the time beyond it is taken from the main time. Unlike a
//     Bronstein delay, which refunds the same time after the move, a side
//     cannot flag while its delay is running.
//   - A move limit flags a side whose single move reaches the limit,
//     whatever budget it has left.
//
// Parse reads the time-control strings the command line takes ("10m",
// "10m+5s", "10m/3x30s", "60s/move", "shared 30m"); see Parse for the
// grammar.
package clock
