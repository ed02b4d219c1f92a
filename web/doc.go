// Package web serves Tengen's web page: a live view of the game for
// spectators (board, last move, forbidden points, clocks, move list, the
// engine's evaluation and its graph, the camera picture with the grid,
// Swiss standings) and, behind the operator token, the controls (start,
// pause, resign, swap, takeback, calibration steps, fault acknowledgement).
//
// Updates reach the page as server-sent events. Spectator views are
// read-only; every action needs the operator token, compared in constant
// time. The server binds to localhost unless told otherwise, limits
// request sizes and action rates, and serves its page from an embedded
// file system (no path traversal).
package web
