// Package game is the orchestrator: it joins the camera (Eyes), the referee
// (rules), the engine (ai.Player) and the arm (Hand) into the loop that
// plays a person at a real board. It waits for the person's stone, checks
// it with the referee, answers with the arm, confirms with the camera, and
// handles what happens at a real table: a stone on an occupied point, two
// stones at once, a pushed stone, a stone that vanished, a hand that stays
// over the board. It never plays on a board that differs from the record.
//
// A game may begin with an opening protocol of package rules/opening
// played over the board (Opening): the arm places the robot's stones and
// offers and lifts the offers not chosen, the person's stones are read by
// the camera and their swaps come from the page or a button.
//
// Every accepted move, opening action and clock reading is appended to a
// journal and synced before the arm moves, so a killed game resumes with
// nothing lost (Replay, Resume), in the opening too, with its clocks
// where they were.
package game
