// Package tune fits the weights of a linear evaluation to game results
// (Texel tuning): each sample is a position's feature vector x and the
// result r of its game for the side to move (1 win, 0.5 draw, 0 loss),
// and the fit minimises the mean squared error of sigmoid(w·x / K)
// against r. K is fitted first with the starting weights, so that the
// tuned weights keep the evaluation's scale (the search's margins and the
// levels' noise are in its units). r may also be a soft target in 0..1,
// such as a stronger engine's score turned into a win rate: it pins the
// weights down from far fewer positions than game results do.
//
// The method follows Peter Österlund's description of Texel's tuning
// (chessprogramming.org, "Texel's Tuning Method"); the minimiser here is
// full-batch Adam (Kingma & Ba, 2015) with an optional L2 pull of each weight
// towards its start, so that features seen in few positions stay near
// their starting values.
package tune
