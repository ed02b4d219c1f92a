// Package web serves Tengen's web page: a live view of the game for
// spectators (board, last move, forbidden points, clocks, move list, the
// engine's evaluation and its graph, the camera picture with the grid,
// Swiss standings) and, behind the operator token, the controls (start,
// pause, resign, swap, takeback, fault acknowledgement). A second page,
// calibrate.html, shows State.Calibration: the camera's picture with the
// board's corners to find or place, and the guided calibration steps,
// answered with its buttons (tengen calibrate page).
// During an opening protocol (State.Opening) the page shows the step in
// progress, the fifth moves on offer drawn on the board, and buttons for
// exactly the person's decisions allowed now (keep, swap, pass, declare N,
// offer, click an offer to choose it), posted as the action "opening".
//
// After a game, a review page (review.html, SetReview) shows the
// evaluation graph, the move the game turned on, the winning line, the
// record to download as SGF, and a QR code (package qr) of the review's
// address on the table's network.
//
// Visitors have their own panel (Options.Visitors, no token): a nickname
// kept on their device, "have you played before?", the 猜先 guess when the
// robot asks, the day's streak. None of it moves the arm or changes a game
// in progress; it has its own, stricter rate limit.
//
// Updates reach the page as server-sent events. Spectator views are
// read-only; every action needs the operator token, compared in constant
// time. The server binds to localhost unless told otherwise, limits
// request sizes and action rates, and serves its page from an embedded
// file system (no path traversal).
package web
