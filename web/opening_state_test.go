package web

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestStateOpeningJSON checks the opening step as the page reads it from
// /api/state: the field names app.js uses, and no "opening" outside one.
func TestStateOpeningJSON(t *testing.T) {
	s, ts, _, _ := newTestServer(t)
	get := func() string {
		t.Helper()
		r, err := http.Get(ts.URL + "/api/state")
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		b, err := io.ReadAll(r.Body)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	s.Publish(State{Size: 15, Status: "playing"})
	if b := get(); strings.Contains(b, `"opening"`) {
		t.Errorf("a state outside an opening holds one: %s", b)
	}
	s.Publish(State{Size: 15, Status: "opening: declare", Opening: &OpeningStep{Protocol: "yamaguchi", By: "person",
		Player: "first", Colour: "black", Allowed: []string{"declare"}, Min: 1, Max: 10,
		Question: Said{Key: "step-declare", Args: []string{"1", "10"}, Text: "Your turn in the opening: declare."}}})
	var page struct {
		Opening map[string]any `json:"opening"`
	}
	b := get()
	if err := json.Unmarshal([]byte(b), &page); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		key  string
		want any
	}{
		{"protocol", "yamaguchi"}, {"by", "person"}, {"player", "first"}, {"colour", "black"},
		{"min", 1.0}, {"max", 10.0}, {"allowed", []any{"declare"}},
		{"question", map[string]any{"key": "step-declare", "args": []any{"1", "10"}, "text": "Your turn in the opening: declare."}},
	} {
		got, _ := json.Marshal(page.Opening[c.key])
		want, _ := json.Marshal(c.want)
		if string(got) != string(want) {
			t.Errorf("opening.%s = %s, want %s", c.key, got, want)
		}
	}
	for _, absent := range []string{"offers", "count", "declared", "stone"} {
		if _, ok := page.Opening[absent]; ok {
			t.Errorf("opening.%s present though empty: %s", absent, b)
		}
	}
}
