package errmsg_test

import (
	"errors"
	"fmt"
	"os"

	"tengen/i18n/errmsg"
)

// An error for a person names what went wrong and how to fix it by a
// catalogue key; its Error is the English text, and the cause stays in
// the chain for errors.Is.
func ExampleMark() {
	_, cause := os.ReadFile("/no/such/calibration.yaml")
	err := errmsg.Mark(cause, "err.cal-missing", "/no/such/calibration.yaml")
	fmt.Println(err)
	fmt.Println(errors.Is(err, os.ErrNotExist))
	// Output:
	// calibration: /no/such/calibration.yaml does not exist (fix: run `tengen calibrate`, or `tengen calibrate defaults > /no/such/calibration.yaml` for the simulator)
	// true
}

// A message can hold messages of its own, worded in the same language.
func ExampleM() {
	m := errmsg.M("err.cal-field", "board.size", errmsg.M("err.cal.board-size", 3), errmsg.M("err.cal.fix-size"))
	fmt.Println(m)
	// Output:
	// calibration: board.size: 3 is not a board size (5-25 lines) (fix: set `size: 15` for the robot's board)
}
