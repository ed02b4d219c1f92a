package calibration_test

import (
	"fmt"
	"os"
	"path/filepath"

	"tengen/calibration"
)

func Example() {
	dir, _ := os.MkdirTemp("", "tengen")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "calibration.yaml")

	c := calibration.Default() // the simulator's calibration
	c.Board.Size = 15
	if err := calibration.Save(path, c); err != nil {
		fmt.Println(err)
		return
	}
	got, err := calibration.Load(path)
	fmt.Println(got.Board.Size, err)

	os.WriteFile(path, []byte("version: 1\n"), 0o644) // a partial hand edit
	_, err = calibration.Load(path)
	fmt.Println(err != nil)
	// Output:
	// 15 <nil>
	// true
}
