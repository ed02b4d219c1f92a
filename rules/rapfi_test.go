package rules

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestRapfi compares ForbiddenPoints in the Gomocup reading with Rapfi's
// (YXBOARD + YXSHOWFORBID) on thousands of random positions. Rapfi is GPL
// and not part of Tengen: build it beside the project and run
//
//	TENGEN_RAPFI=/path/to/pbrain-rapfi go test -run TestRapfi ./rules
//
// Without TENGEN_RAPFI the test is skipped.
func TestRapfi(t *testing.T) {
	path := os.Getenv("TENGEN_RAPFI")
	if path == "" {
		t.Skip("TENGEN_RAPFI is not set")
	}
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	outp, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	rd := bufio.NewReader(outp)
	send := func(s string) { io.WriteString(in, s+"\n") }
	readLine := func(prefix string) string {
		for {
			l, err := rd.ReadString('\n')
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasPrefix(l, prefix) {
				return strings.TrimSpace(l)
			}
		}
	}
	send("START 15")
	readLine("OK")
	send("INFO rule 4")
	total, diffs, nforb := 0, 0, 0
	for seed := uint64(0); seed < 5000; seed++ {
		b := clusterPosition(seed)
		if b.Count(Black) != b.Count(White) {
			continue
		}
		// Rapfi reads YXBOARD as a game in move order, Black first, so the
		// stones go alternately.
		var sb strings.Builder
		sb.WriteString("YXBOARD\n")
		var bl, wh []Point
		for y := 0; y < 15; y++ {
			for x := 0; x < 15; x++ {
				switch b.At(Point{x, y}) {
				case Black:
					bl = append(bl, Point{x, y})
				case White:
					wh = append(wh, Point{x, y})
				}
			}
		}
		for i := range bl {
			fmt.Fprintf(&sb, "%s,1\n%s,2\n", bl[i].Gomocup(15), wh[i].Gomocup(15))
		}
		sb.WriteString("DONE\nYXSHOWFORBID")
		send(sb.String())
		// The answer is "FORBID xxyyxxyy….", two digits each.
		s := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(readLine("FORBID"), "FORBID"), "."))
		var theirs []Point
		for i := 0; i+4 <= len(s); i += 4 {
			p, err := ParseGomocup(s[i:i+2]+","+s[i+2:i+4], 15)
			if err != nil {
				t.Fatalf("Rapfi said %q: %v", s, err)
			}
			theirs = append(theirs, p)
		}
		theirs = sortedPoints(theirs)
		ours := forbidPoints(b.ForbiddenPoints(ReadingGomocup))
		total++
		nforb += len(ours)
		if !slices.Equal(ours, theirs) {
			diffs++
			if diffs <= 5 {
				t.Errorf("seed %d: ours %v, Rapfi's %v\n%s", seed, FormatPoints(ours), FormatPoints(theirs), b)
			}
		}
	}
	t.Logf("%d positions, %d forbidden points, %d differ", total, nforb, diffs)
}

// clusterPosition is a random position with as many Black stones as
// White, Black's mostly near each other so that shapes are common, and
// no five on the board.
func clusterPosition(seed uint64) *Board {
	r := rand.New(rand.NewPCG(seed, 11))
	b := MustBoard(15)
	pairs := 5 + r.IntN(60)
	place := func(c Color) {
		for try := 0; try < 1000; try++ {
			var p Point
			if c == Black && b.Count(Black) > 0 && r.IntN(4) > 0 {
				// next to a black stone, to make shapes
				for {
					q := Point{r.IntN(15), r.IntN(15)}
					if b.At(q) == Black {
						p = Point{q.X + r.IntN(5) - 2, q.Y + r.IntN(5) - 2}
						break
					}
				}
			} else {
				p = Point{7 + r.IntN(11) - 5, 7 + r.IntN(11) - 5}
			}
			if p.In(15) && b.At(p) == Empty && !b.Wins(p, c, Freestyle) {
				b.Set(p, c)
				return
			}
		}
	}
	for i := 0; i < pairs; i++ {
		place(Black)
		place(White)
	}
	return b
}
