// Package customs holds the customs of a game played at a real table, as
// pure, testable logic for the robot to follow:
//
//   - 猜先 (deciding who plays Black): one side hides a handful of stones,
//     the other guesses odd or even; the guesser plays Black when right,
//     as the Chinese Gomoku and Renju rules have it. The camera counts a
//     person's handful (Handful); the robot hides its own in the bowl area
//     (RobotHides) and the person guesses. Table plays both at the table
//     through package game's Eyes, Hand and Voice.
//   - Matches of best of 3, 5 or 7 games with colours alternating and an
//     extra game on a tie (Match, built on rules/swiss.Match).
//   - The casual rule that a game over its time is decided by counting
//     each side's fours (冲四 and 活四) on the board, a draw when equal
//     (Fours, DecideByFours).
//   - Draw offers and takebacks by the rules of the event: none in a
//     tournament, allowed in a casual game, and the count of fours for a
//     game over its time when asked (PolicyFor, PolicyOf: the game.Policy
//     a game.Session follows).
//   - Explaining a forbidden-move loss: the lines that make the shape
//     (Explain), for the page to draw.
//   - A visitor's level from a short question or a rating (LevelFor,
//     LevelForRating), and their streak remembered for the day, by
//     nickname only, in a small JSON file (Streaks).
//   - The visitors' desk on the web page (Desk, a web.Visitors): a
//     nickname and the day's streak, the question setting the next
//     game's level, and the visitor's 猜先 guess when the robot hides the
//     stones (the guess function of Table.RobotHides).
//
// The announcements are game.Message values whose keys package i18n
// words in English and Chinese.
package customs
