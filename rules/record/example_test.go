package record_test

import (
	"fmt"

	"tengen/rules"
	"tengen/rules/record"
)

func Example() {
	sgf := []byte("(;FF[4]GM[4]SZ[15]RU[renju]PB[Ann]PW[Tengen]RE[B+R];B[hh];W[ih];B[ii](;W[gg])(;W[jj]))")
	r, err := record.Read(sgf, record.FormatUnknown) // detects SGF
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Black, "vs", r.White, r.Rule, r.Result)
	fmt.Println(rules.FormatPoints(r.Points())) // the main line
	psq, _ := record.Write(r, record.FormatPSQ)
	fmt.Print(string(psq))
	// Output:
	// Ann vs Tengen renju B+R
	// h8 i8 i7 g9
	// Piskvorky 15x15, 0:0, 0
	// 8,8,0
	// 9,8,0
	// 9,9,0
	// 7,7,0
	// Ann
	// Tengen
	// -1
}

func ExampleReadMoves() {
	r, _ := record.ReadMoves([]byte("rule: renju\n1. h8 h9 2. i9 # a comment\n"))
	fmt.Println(r.Rule, rules.FormatPoints(r.Points()), r.Moves[1].Color)

	_, err := record.ReadMoves([]byte("h8 h9\ni9 h8"))
	fmt.Println(err)
	// Output:
	// renju h8 h9 i9 white
	// moves: line 2, column 4: move 4: white stone at h8: the point is already taken by black
}
