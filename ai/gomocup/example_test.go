package gomocup_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"tengen/ai"
	"tengen/ai/gomocup"
)

// A brain answers a Gomocup manager: here the greedy player opens at the
// centre and answers a move.
func ExampleServe() {
	brain := gomocup.Brain{
		NewPlayer: func(gomocup.Settings) (ai.Player, error) { return ai.NewGreedy(1), nil },
		About:     `name="example", version="1"`,
	}
	in := strings.NewReader("START 15\nINFO rule 4\nABOUT\nBEGIN\nEND\n")
	var out strings.Builder
	if err := gomocup.Serve(context.Background(), in, &out, brain); err != nil {
		fmt.Println(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if !strings.HasPrefix(line, "MESSAGE") {
			fmt.Println(line)
		}
	}
	// Output:
	// OK
	// name="example", version="1"
	// 7,7
}

// A client plays through an external brain; a missing program is an
// error from the first Think, not a crash.
func ExampleClient() {
	c, err := gomocup.NewClient([]string{"/no/such/pbrain-x"}, gomocup.ClientOptions{Log: func(s string) { fmt.Fprintln(os.Stderr, s) }})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	_, err = c.Think(context.Background(), ai.Position{Size: 15, ToMove: 1}, ai.Limits{}, nil)
	fmt.Println(c.Name(), err != nil)
	// Output: x true
}
