// Package panel drives the robot's optional push buttons and LEDs on the
// Raspberry Pi's GPIO pins, for people at the table who would rather
// press a button than reach for the web page: start, swap, resign, draw,
// takeback and acknowledge, and LEDs for whose turn it is, the robot
// thinking and a fault waiting for the operator. Two people refereed by
// Tengen use other buttons: each side's clock, White's claim, and
// acknowledge to confirm a rebuilt board.
//
// Wiring (README, "The hardware"): each button from its pin to ground,
// the pin's internal pull-up holding it high, so a press is a falling
// edge; each LED from its pin through a resistor (about 330 Ω) to
// ground, lit when the pin is driven high.
//
// The pins are named as periph.io's gpioreg knows them (GPIO17, or a
// header position such as P1_11) in a small YAML file (Parse), so the
// same program runs on any wiring. The driver follows periph.io's
// conn/v3/gpio interfaces (gpio.PinIn's edge detection, gpio.PinOut);
// tests use its gpiotest fakes. Presses are debounced: a second falling
// edge of the same button within Debounce of the first is contact bounce.
package panel
