package clock_test

import (
	"fmt"
	"time"

	"tengen/rules"
	"tengen/rules/clock"
)

func Example() {
	ctl, _ := clock.Parse("5m/3x30s") // five minutes, then three byo-yomi periods of 30 s
	fmt.Println(ctl.Describe())

	src := clock.NewManual(time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC))
	k, _ := clock.New(ctl, src)
	k.Start(rules.Black)
	src.Advance(90 * time.Second)
	k.Press() // Black moves after 1:30
	fmt.Println("black", k.Display(rules.Black))

	src.Advance(5*time.Minute + 40*time.Second)
	fmt.Println("white", k.Display(rules.White)) // in byo-yomi, one period spent
	src.Advance(time.Minute)
	fmt.Println("flagged:", k.Flagged())
	// Output:
	// 05:00 +3×30s
	// black 03:30 +3×30s
	// white 00:20 +1×30s
	// flagged: white
}
