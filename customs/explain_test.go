package customs

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"

	"tengen/rules"
)

func TestExplain(t *testing.T) {
	for _, c := range []struct {
		name           string
		blacks, whites string
		p              string
		kind           rules.ForbiddenKind
		lines          []string // each line's stones
	}{
		{"double three", "g8 i8 h7 h9", "", "h8", rules.DoubleThree, []string{"g8 h8 i8", "h7 h8 h9"}},
		{"split three", "f8 g8 h6 h7", "", "h8", rules.DoubleThree, []string{"f8 g8 h8", "h6 h7 h8"}},
		{"double four", "e8 f8 g8 h5 h6 h7", "", "h8", rules.DoubleFour, []string{"e8 f8 g8 h8", "h5 h6 h7 h8"}},
		{"double four on one line", "e8 g8 i8 k8", "", "h8", rules.DoubleFour, []string{"e8 g8 h8 i8", "g8 h8 i8 k8"}},
		{"overline", "e8 f8 g8 i8 j8", "", "h8", rules.Overline, []string{"e8 f8 g8 h8 i8 j8"}},
		{"the move already on the board", "g8 i8 h7 h9 h8", "", "h8", rules.DoubleThree, []string{"g8 h8 i8", "h7 h8 h9"}},
	} {
		sh, err := Explain(board(t, c.blacks, c.whites), pt(t, c.p), rules.ReadingRIF)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		var got []string
		for _, l := range sh.LineStrings() {
			s := slices.Clone(l)
			slices.Sort(s)
			got = append(got, strings.Join(s, " "))
		}
		var want []string
		for _, l := range c.lines {
			s := strings.Fields(l)
			slices.Sort(s)
			want = append(want, strings.Join(s, " "))
		}
		slices.Sort(got)
		slices.Sort(want)
		if sh.Kind != c.kind || !slices.Equal(got, want) {
			t.Errorf("%s: %v %q, want %v %q", c.name, sh.Kind, got, c.kind, want)
		}
		if sh.Point.String() != c.p {
			t.Errorf("%s: point %v, want %s", c.name, sh.Point, c.p)
		}
	}
}

func TestExplainRefuses(t *testing.T) {
	b := board(t, "g8 i8", "a1")
	for _, c := range []struct {
		p    rules.Point
		want string
	}{
		{pt(t, "h8"), "not forbidden"},
		{pt(t, "a1"), "White stone"},
		{rules.Point{X: 20, Y: 3}, "off the board"},
	} {
		if _, err := Explain(b, c.p, rules.ReadingRIF); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Explain(%v): %v, want %q", c.p, err, c.want)
		}
	}
}

// TestExplainSourcedCases explains every forbidden point of the sourced
// renju cases (rules/testdata): the kind is the referee's, and the lines
// make the shape: a run of six or more, two or more fours, two or more
// threes, each through the point.
func TestExplainSourcedCases(t *testing.T) {
	f, err := os.Open("../rules/testdata/forbidden-cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var blacks, whites string
	checked := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		switch {
		case len(fs) == 0:
		case fs[0] == "case":
			blacks, whites = "", ""
		case fs[0] == "black":
			blacks = strings.Trim(strings.Join(fs[1:], " "), "-")
		case fs[0] == "white":
			whites = strings.Trim(strings.Join(fs[1:], " "), "-")
		case fs[0] == "query" && len(fs) >= 3 && fs[2] == "forbidden":
			b := board(t, blacks, whites)
			p := pt(t, fs[1])
			sh, err := Explain(b, p, rules.ReadingRIF)
			if err != nil {
				t.Errorf("black %s white %s: %s: %v", blacks, whites, fs[1], err)
				continue
			}
			checked++
			if sh.Kind != b.Forbidden(p, rules.ReadingRIF) {
				t.Errorf("%s: kind %v", fs[1], sh.Kind)
			}
			need, size := 2, map[rules.ForbiddenKind]int{rules.DoubleFour: 4, rules.DoubleThree: 3}[sh.Kind]
			if sh.Kind == rules.Overline {
				need, size = 1, 6
			}
			if len(sh.Lines) < need {
				t.Errorf("black %s white %s: %s (%v): %d lines %v", blacks, whites, fs[1], sh.Kind, len(sh.Lines), sh.LineStrings())
			}
			for _, l := range sh.Lines {
				if !slices.Contains(l, p) || len(l) < size || sh.Kind != rules.Overline && len(l) != size {
					t.Errorf("%s (%v): line %v", fs[1], sh.Kind, l)
				}
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d forbidden points checked", checked)
	}
	t.Logf("%d forbidden points explained", checked)
}

func BenchmarkExplainDoubleThree(b *testing.B) {
	bd := board(b, "g8 i8 h7 h9 f10 j6", "a1 o15")
	p := pt(b, "h8")
	for b.Loop() {
		if _, err := Explain(bd, p, rules.ReadingRIF); err != nil {
			b.Fatal(err)
		}
	}
}
