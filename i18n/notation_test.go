package i18n

import (
	"strings"
	"testing"

	"tengen/rules"
	"tengen/rules/record"
)

func TestMoveNumber(t *testing.T) {
	for _, c := range []struct {
		n       int
		chinese bool
		want    string
	}{
		{1, true, "①"}, {2, true, "2"}, {5, true, "⑤"}, {5, false, "5"}, {44, true, "44"},
	} {
		if got := MoveNumber(c.n, c.chinese); got != c.want {
			t.Errorf("MoveNumber(%d, %v) = %q, want %q", c.n, c.chinese, got, c.want)
		}
	}
}

func testRecord(t *testing.T) *record.Record {
	t.Helper()
	pts, err := rules.ParsePoints("h8 h9 i9 g7 j10 i10 g9 f8 i8 j9 g10 k11", 15)
	if err != nil {
		t.Fatal(err)
	}
	return &record.Record{Size: 15, Rule: rules.Renju, Black: "Lin", White: "Tengen", Moves: record.Alternate(pts),
		Result: record.Result{Winner: rules.White, Reason: "forbidden:double-three"}, Date: "2026-11-22"}
}

func TestWriteRecord(t *testing.T) {
	r := testRecord(t)
	for _, c := range []struct {
		lang Lang
		want []string
	}{
		// h8 h9 i9 is the direct opening with Black 3 one to the right: 花月 (Kagetsu).
		{Simplified, []string{"棋谱", "规则：连珠", "开局：花月", "黑方：Lin", "结果：白胜（三三禁手）", "① H8  2 H9  ③ I9", "⑪ G10  12 K11"}},
		{Traditional, []string{"棋譜", "規則：連珠", "開局：花月", "結果：白勝"}},
		{English, []string{"Rule: renju", "Opening: Kagetsu", "Result: White wins (forbidden move (double three))", "① H8  2 H9"}},
	} {
		out, err := WriteRecord(r, &Printer{Lang: c.lang})
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(string(out), w) {
				t.Errorf("%v record lacks %q:\n%s", c.lang, w, out)
			}
		}
	}
}

func TestWriteRecordNamesAndResults(t *testing.T) {
	r := testRecord(t)
	r.Opening = "Suisei"
	r.Result = record.Result{Winner: rules.Black, Reason: record.ReasonResign}
	out, _ := WriteRecord(r, &Printer{Lang: Simplified})
	for _, w := range []string{"开局：彗星", "结果：黑胜（认输）"} {
		if !strings.Contains(string(out), w) {
			t.Errorf("record lacks %q:\n%s", w, out)
		}
	}
	r.Opening, r.Result = "Swap2", record.Result{Draw: true}
	out, _ = WriteRecord(r, &Printer{Lang: Traditional})
	for _, w := range []string{"開局：Swap2", "結果：和棋"} {
		if !strings.Contains(string(out), w) {
			t.Errorf("record lacks %q:\n%s", w, out)
		}
	}
	r.Moves[1].Color = rules.Black // two Black moves in a row
	if _, err := WriteRecord(r, &Printer{}); err == nil {
		t.Error("a record with illegal moves was written")
	}
}

// TestMovesMatchTheScoreSheet checks that the move list is written as
// rules/record's Chinese score sheet writes it, past move 50 too.
func TestMovesMatchTheScoreSheet(t *testing.T) {
	var pts []rules.Point
	for i := 0; len(pts) < 60; i++ {
		pts = append(pts, rules.Point{X: (i * 7) % 15, Y: i / 15 * 2})
	}
	r := &record.Record{Size: 15, Rule: record.NoRule, Moves: record.Alternate(pts)}
	sheet, err := record.WriteChinese(r)
	if err != nil {
		t.Fatal(err)
	}
	ours, err := WriteRecord(r, &Printer{Lang: Simplified})
	if err != nil {
		t.Fatal(err)
	}
	moves := func(b []byte) string {
		var out []string
		for _, l := range strings.Split(string(b), "\n") {
			if strings.Contains(l, "①") || strings.Contains(l, "  ") {
				out = append(out, l)
			}
		}
		return strings.Join(out, "\n")
	}
	if a, b := moves(sheet), moves(ours); a != b || !strings.Contains(a, "(51)") {
		t.Errorf("score sheet moves:\n%s\nours:\n%s", a, b)
	}
}
