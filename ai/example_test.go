package ai_test

import (
	"context"
	"fmt"
	"time"

	"tengen/ai"
	"tengen/rules"
)

func ExampleEngine() {
	// Black has h8 i8 j8 k8: a four. White, to move, must block it.
	pos := ai.Position{Size: 15, Rule: rules.Renju, ToMove: rules.White}
	for _, s := range []string{"h8", "i8", "j8", "k8"} {
		p, _ := rules.ParsePoint(s, 15)
		pos.Stones = append(pos.Stones, ai.Stone{P: p, C: rules.Black})
	}
	for _, s := range []string{"g8", "h9", "i9"} {
		p, _ := rules.ParsePoint(s, 15)
		pos.Stones = append(pos.Stones, ai.Stone{P: p, C: rules.White})
	}
	e := ai.NewEngine(ai.EngineOptions{Level: 10, Threads: 1, MaxMemory: 1 << 20})
	r, err := e.Think(context.Background(), pos, ai.Limits{TurnTime: time.Second}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("white plays", r.Move)
	// Output: white plays l8
}
