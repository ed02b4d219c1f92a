package main

import (
	"encoding/json"
	"reflect"
	"sort"
	"strings"
	"testing"
)

func TestRulesOpeningsJSON(t *testing.T) {
	out, errs, code := runCLI(t, "", "rules", "openings", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := lines[len(lines)-1]
	var raw []map[string]json.RawMessage
	if err := json.Unmarshal([]byte(last), &raw); err != nil {
		t.Fatalf("last line is not a JSON array: %v\n%s", err, last)
	}
	if len(raw) != 26 {
		t.Fatalf("%d openings, want 26", len(raw))
	}
	wantKeys := []string{"chinese", "moves", "name", "number", "type"}
	for i, o := range raw {
		var keys []string
		for k := range o {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if !reflect.DeepEqual(keys, wantKeys) {
			t.Fatalf("opening %d has keys %v, want %v", i+1, keys, wantKeys)
		}
	}
	var list []struct {
		Number  int      `json:"number"`
		Name    string   `json:"name"`
		Chinese string   `json:"chinese"`
		Type    string   `json:"type"`
		Moves   []string `json:"moves"`
	}
	if err := json.Unmarshal([]byte(last), &list); err != nil {
		t.Fatal(err)
	}
	// The example of CLI-CONTRACT.md, and the last indirect opening.
	first, lastOne := list[0], list[25]
	if first.Number != 1 || first.Name != "Kansei" || first.Chinese != "寒星" || first.Type != "direct" || strings.Join(first.Moves, " ") != "h8 h9 h10" {
		t.Errorf("opening 1 = %+v", first)
	}
	if lastOne.Number != 26 || lastOne.Name != "Suisei" || lastOne.Chinese != "彗星" || lastOne.Type != "indirect" || strings.Join(lastOne.Moves, " ") != "h8 i9 f6" {
		t.Errorf("opening 26 = %+v", lastOne)
	}
	for i, o := range list {
		if o.Number != i+1 || (o.Type == "direct") != (i < 13) || len(o.Moves) != 3 {
			t.Errorf("opening %d = %+v", i+1, o)
		}
	}
}

func TestRulesOpeningsText(t *testing.T) {
	out, _, code := runCLI(t, "", "rules", "openings")
	if code != 0 || !strings.Contains(out, "Kansei") || !strings.Contains(out, "彗星") || strings.Count(out, "\n") != 27 {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
	out, _, code = runCLI(t, "", "rules", "openings", "--size", "19", "--json")
	if code != 0 || !strings.Contains(out, `"moves":["j10","j11","j12"]`) {
		t.Errorf("--size 19: exit %d, output %s", code, out)
	}
}

func TestRulesOpeningsBadUsage(t *testing.T) {
	for _, args := range [][]string{
		{"rules", "openings", "extra"},
		{"rules", "openings", "--size", "3"},
		{"rules", "openings", "--bogus"},
	} {
		if _, errs, code := runCLI(t, "", args...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}

// TestEnsureGroup: a second registration of the group finds the first
// instead of panicking, which is what lets rules.go and this file each
// declare the "rules" group.
func TestEnsureGroup(t *testing.T) {
	g := root.sub("rules")
	if g == nil || g.sub("openings") == nil {
		t.Fatal("no rules openings command")
	}
	if again := ensureGroup("", "rules", "another summary"); again != g || g.summary == "another summary" {
		t.Errorf("ensureGroup made a new group or changed the summary")
	}
}
