package customs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestStreaks(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.Local)
	clock := func() time.Time { return now }
	s, err := OpenStreaks(dir, clock)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []Result{Win, Win, Loss, Win, Win, Win} {
		if _, err := s.Record("阿明", r, 4); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Record(" Ana ", Draw, 2); err != nil {
		t.Fatal(err)
	}
	// Reopened the same day, the file holds the visitors.
	s2, err := OpenStreaks(dir, clock)
	if err != nil {
		t.Fatal(err)
	}
	v, known, err := s2.Get("阿明")
	if err != nil || !known || v.Wins != 5 || v.Losses != 1 || v.Streak != 3 || v.Level != 4 {
		t.Fatalf("阿明: %+v known %v err %v", v, known, err)
	}
	msgs := Greeting(v, known)
	if len(msgs) != 2 || msgs[0].Key != "welcome-back" || msgs[1].Key != "streak" || msgs[1].Args[1] != "3" {
		t.Errorf("greeting %+v", msgs)
	}
	if v, known, _ := s2.Get("Ana"); !known || v.Draws != 1 || v.Streak != 0 {
		t.Errorf("Ana: %+v", v)
	}
	if _, known, _ := s2.Get("Bo"); known {
		t.Error("a stranger is known")
	}
	// The next day everyone is forgotten, and the file says so.
	now = now.Add(24 * time.Hour)
	if _, known, _ := s2.Get("阿明"); known {
		t.Error("yesterday's visitor is remembered")
	}
	b, _ := os.ReadFile(filepath.Join(dir, StreakFile))
	if strings.Contains(string(b), "阿明") || !strings.Contains(string(b), "2026-11-23") {
		t.Errorf("file not pruned: %s", b)
	}
}

func TestStreakLosses(t *testing.T) {
	s, _ := OpenStreaks(t.TempDir(), nil)
	var v Visitor
	for _, r := range []Result{Win, Loss, Loss} {
		v, _ = s.Record("x", r, 3)
	}
	if v.Streak != -2 || NextLevel(3, v) != 2 || len(Greeting(v, true)) != 1 {
		t.Errorf("%+v", v)
	}
}

func TestCorruptStreakFile(t *testing.T) {
	for _, bad := range []string{"{", `{"day":"yesterday","visitors":{}}`, `{"day":"2026-11-22","visitors":{"a":{"nick":"b"}}}`,
		`{"day":"2026-11-22","visitors":{"a;rm":{"nick":"a;rm"}}}`, `{"day":"2026-11-22","visitors":{"a":{"nick":"a","wins":-1}}}`} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, StreakFile), []byte(bad), 0o644)
		s, err := OpenStreaks(dir, nil)
		if err == nil || !strings.Contains(err.Error(), StreakFile) || s == nil {
			t.Errorf("%s: %v", bad, err)
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, StreakFile+".corrupt")); err != nil {
			t.Errorf("%s: not moved aside: %v", bad, err)
		}
		if _, err := s.Record("x", Win, 1); err != nil {
			t.Errorf("%s: unusable after: %v", bad, err)
		}
	}
}

func TestCheckNick(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"Ana", "Ana", true}, {" 阿明 ", "阿明", true}, {"li_wei-2.0", "li_wei-2.0", true},
		{"", "", false}, {"   ", "", false}, {"a/b", "", false}, {"<script>", "", false},
		{strings.Repeat("x", MaxNickLen+1), "", false}, {"a\x00b", "", false}, {"\xff", "", false},
	} {
		got, err := CheckNick(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("CheckNick(%q) = %q, %v", c.in, got, err)
		}
	}
}

func FuzzParseStreaks(f *testing.F) {
	f.Add([]byte(`{"day":"2026-11-22","visitors":{"a":{"nick":"a","wins":1}}}`))
	f.Add([]byte(`{"day":"2026-11-22","visitors":null}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, b []byte) {
		sf, err := parseStreaks(b)
		if err != nil {
			return
		}
		for k, v := range sf.Visitors {
			if v.Nick != k {
				t.Errorf("accepted a mismatched entry %q", k)
			}
		}
	})
}
