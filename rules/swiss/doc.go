// Package swiss runs Swiss-system tournaments (瑞士制): pairing round by
// round, results, standings with tie-breaks, and best-of-N matches.
//
// It follows the basic rules of the FIDE Swiss system (FIDE Handbook
// C.04.1, "Basic rules for Swiss Systems", and the Dutch system's
// ordering, C.04.3) in the form used by Gomoku and Renju tournaments
// under the Chinese rules (中国五子棋竞赛规则: win 1, draw ½, loss 0):
//
//   - Round 1 is a draw from the tournament's seed: a seeded shuffle,
//     paired two by two, the first of each pair Black; the same seed
//     gives the same tournament.
//   - Later rounds pair players of equal score (score groups); when a
//     group cannot be paired within itself a player floats to the next
//     group, meeting its highest. Within a group the top half meets the
//     bottom half.
//   - Hard rules, kept whenever any pairing can keep them, in this order
//     of priority: nobody meets the same opponent twice; nobody has a
//     second bye; nobody has the same colour three times in a row or a
//     colour difference beyond ±2. When no pairing keeps all of them,
//     the lowest is relaxed first (a maximum-matching check, Edmonds'
//     blossom algorithm, decides what is possible).
//   - Within those rules the pairing with the fewest floaters, then the
//     smallest score differences, then the most colour wishes granted,
//     then the closest to the Dutch order, is chosen: exactly (search
//     over all pairings) up to 20 players in the round, greedily with
//     the matching check beyond.
//   - Colours alternate as far as possible: each player's wish is to
//     even its colour balance, else to alternate; the stronger wish
//     wins, then alternation against the last round in which the two
//     had different colours, then the higher-ranked player's wish.
//   - With an odd number of players the lowest-ranked player of the
//     lowest score group who has not had a bye has it; a bye scores a
//     win (1 point), is not a game won and adds nothing to Buchholz.
//   - Standings: score, then Buchholz (the sum of the opponents'
//     scores), then the progressive score (the sum of the running score
//     after each round), then direct encounter (points among the
//     players still tied, used only when all of them have met each
//     other), then the number of games won. Players level on all of
//     these share a rank.
//
// Scores are kept in half points (type Points) so that sums are exact.
// A pairing may be a best-of-N Match (see MatchFormat for colours and
// deciding games); its result feeds the tournament like a game's.
package swiss
