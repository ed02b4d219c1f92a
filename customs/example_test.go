package customs_test

import (
	"fmt"
	"os"

	"tengen/customs"
	"tengen/rules"
)

// A person hides seven stones and puts them on the board; the robot
// guesses odd and plays Black.
func ExampleNigiri() {
	before := rules.MustBoard(15)
	seen := before.Clone()
	for _, s := range []string{"g7", "h7", "i7", "g8", "h8", "i8", "h9"} {
		p, _ := rules.ParsePoint(s, 15)
		seen.Set(p, rules.White)
	}
	pts, _ := customs.Handful(before, seen)
	g := customs.Nigiri{Hider: customs.Person, Guess: customs.Odd, Count: len(pts)}
	fmt.Println(g.Count, g.Right(), g.Black())
	for _, m := range g.Announce() {
		fmt.Println(m.Key, m.Args)
	}
	// Output:
	// 7 true robot
	// nigiri-guess [odd]
	// nigiri-count [7 odd]
	// nigiri-robot-black []
	// nigiri-clear []
}

// When time runs out in a casual game, the side with more fours wins.
func ExampleDecideByFours() {
	b := rules.MustBoard(15)
	black, _ := rules.ParsePoints("h8 i8 j8 k8", 15)
	white, _ := rules.ParsePoints("h9 i9 j9", 15)
	b.Place(black, white)
	fc := customs.DecideByFours(b, rules.Renju)
	fmt.Println(fc.Black, fc.White, fc.Winner)
	// Output: 1 0 black
}

// A best-of-3 match: the person, who won 猜先, has Black in games 1 and 3.
func ExampleMatch() {
	m, _ := customs.NewMatch(3, 1, customs.Person)
	for _, winner := range []rules.Color{rules.Black, rules.Black, rules.Black} {
		fmt.Print(m.Black(), " has Black; ")
		m.Add(winner)
	}
	p, r := m.Score()
	w, _, over := m.Result()
	fmt.Println(p, r, w, over)
	// Output: person has Black; robot has Black; person has Black; 2 1 person true
}

// The page draws the lines that make a forbidden move.
func ExampleExplain() {
	b := rules.MustBoard(15)
	black, _ := rules.ParsePoints("g8 i8 h7 h9", 15)
	b.Place(black, nil)
	h8, _ := rules.ParsePoint("h8", 15)
	sh, _ := customs.Explain(b, h8, rules.ReadingRIF)
	fmt.Println(sh.Kind, sh.LineStrings())
	// Output: double-three [[g8 h8 i8] [h7 h8 h9]]
}

// The visitors' desk: a newcomer gives a nickname and is asked the
// question; the answer sets the level of their next game.
func ExampleDesk() {
	dir, _ := os.MkdirTemp("", "streaks")
	defer os.RemoveAll(dir)
	s, _ := customs.OpenStreaks(dir, nil)
	d := customs.NewDesk(s)
	v, _ := d.Hello("Mei")
	fmt.Println(v.Nick, v.Said[0].Key)
	v, _ = d.Answer("Mei", "sometimes")
	fmt.Println(v.Level, v.Said[0].Key, v.Said[0].Args)
	nick, level, _ := d.Next(5)
	fmt.Println(nick, level)
	// Output:
	// Mei visitor.welcome
	// 4 level-chosen [4]
	// Mei 4
}
