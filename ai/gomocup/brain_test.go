package gomocup

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"tengen/ai"
	"tengen/rules"
	"tengen/rules/opening"
)

func greedyBrain() Brain {
	return Brain{
		NewPlayer: func(Settings) (ai.Player, error) { return ai.NewGreedy(1), nil },
		About:     `name="test", version="0"`,
	}
}

// transcript runs the brain on the input lines and returns its output
// lines, MESSAGE lines apart.
func transcript(t *testing.T, cfg Brain, input string) (replies, messages []string) {
	t.Helper()
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := Serve(ctx, strings.NewReader(input), &out, cfg); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	for _, l := range strings.Split(strings.TrimRight(out.String(), "\n"), "\n") {
		if strings.HasPrefix(l, "MESSAGE ") {
			messages = append(messages, l)
		} else if l != "" {
			replies = append(replies, l)
		}
	}
	return replies, messages
}

func TestBrainTranscripts(t *testing.T) {
	tests := []struct {
		name  string
		input []string
		want  []string // regexps, one per reply line
	}{
		{"start and begin at the centre",
			[]string{"START 15", "BEGIN", "END"},
			[]string{"^OK$", "^7,7$"}},
		{"lower case and CRLF",
			[]string{"start 15\r", "begin\r", "end\r"},
			[]string{"^OK$", "^7,7$"}},
		{"start sizes",
			[]string{"START 4", "START 23", "START x", "START 19", "RECTSTART 20,15", "RECTSTART 20,20"},
			[]string{"^ERROR .*not supported", "^ERROR .*not supported", `^ERROR START wants a board size, got "x"`, "^OK$", "^ERROR only square", "^OK$"}},
		{"commands before START",
			[]string{"BEGIN", "TURN 7,7", "RESTART", "BOARD", "DONE", "TAKEBACK 1,1"},
			[]string{"^ERROR no board", "^ERROR no board", "^ERROR no board", "^ERROR no board", "^ERROR no board"}},
		{"turn answers next to the stone",
			[]string{"START 15", "TURN 7,7"},
			[]string{"^OK$", `^[678],[678]$`}},
		{"turn errors",
			[]string{"START 15", "TURN 15,3", "TURN a,b", "TURN", "TURN 7,7", "TURN 7,7"},
			[]string{"^OK$", "^ERROR TURN: .*off", "^ERROR TURN: .*integers", "^ERROR TURN: ", `^\d+,\d+$`, "^ERROR TURN: .*taken"}},
		{"board: win in one for own four",
			// own stones on row y=7 at x=3..6: the brain completes five at 2,7 or 7,7.
			[]string{"START 15", "BOARD", "3,7,1", "10,10,2", "4,7,1", "10,11,2", "5,7,1", "10,12,2", "6,7,1", "11,3,2", "DONE"},
			[]string{"^OK$", "^(2,7|7,7)$"}},
		{"board: blocks the opponent's four",
			[]string{"START 15", "BOARD", "3,3,2", "10,10,1", "3,4,2", "11,12,1", "3,5,2", "1,12,1", "3,6,2", "DONE"},
			[]string{"^OK$", "^(3,2|3,7)$"}},
		{"board errors",
			[]string{"START 15", "BOARD", "3,3", "DONE", "BOARD", "3,3,7", "DONE", "BOARD", "3,3,1", "3,3,2", "DONE", "BOARD", "99,3,1", "DONE"},
			[]string{"^OK$", "^ERROR BOARD line 1: .*x,y", "^ERROR BOARD line 1: field must be", "^ERROR BOARD line 2: .*twice", "^ERROR BOARD line 1: .*off"}},
		{"restart clears the board",
			[]string{"START 15", "TURN 7,7", "RESTART", "BEGIN"},
			[]string{"^OK$", `^\d+,\d+$`, "^OK$", "^7,7$"}},
		{"begin on a board with stones",
			[]string{"START 15", "TURN 7,7", "BEGIN"},
			[]string{"^OK$", `^\d+,\d+$`, "^ERROR BEGIN"}},
		{"takeback",
			[]string{"START 15", "PLAY 7,7", "TAKEBACK 7,7", "TAKEBACK 7,7", "TAKEBACK x"},
			[]string{"^OK$", "^7,7$", "^OK$", "^ERROR TAKEBACK: no stone", "^ERROR TAKEBACK: "}},
		{"info keys: silent when good, ERROR when bad, unknown ignored",
			[]string{"START 15", "INFO timeout_turn 300", "INFO timeout_match 100000", "INFO time_left 99000",
				"INFO max_memory 83886080", "INFO game_type 1", "INFO rule 4", "INFO folder /tmp", "INFO evaluate 3,3",
				"INFO thread_num 2", "INFO colour black", "INFO timeout_turn -5", "INFO rule x", "BEGIN"},
			[]string{"^OK$", "^ERROR INFO timeout_turn", "^ERROR INFO rule", "^7,7$"}},
		{"about",
			[]string{"ABOUT"},
			[]string{`^name="test", version="0"$`}},
		{"unknown and garbage",
			[]string{"FOO", "\x00\xff\xfe", "YXSHOWFORBID", "  ", "END", "BEGIN"},
			[]string{`^UNKNOWN command "FOO"$`, `^UNKNOWN command "\\x00`, `^UNKNOWN command "YXSHOWFORBID"$`}},
		{"overlong line",
			[]string{strings.Repeat("A", 3*maxLine), "START 15"},
			[]string{"^ERROR line longer than", "^OK$"}},
		{"swap2 opening: three distinct stones near the centre",
			[]string{"START 15", "INFO timeout_turn 200", "SWAP2BOARD", "DONE"},
			[]string{"^OK$", `^[5-9],[5-9] [5-9],[5-9] [5-9],[5-9]$`}},
		{"swap2 with three stones",
			[]string{"START 15", "SWAP2BOARD", "7,7", "7,8", "9,9", "DONE"},
			[]string{"^OK$", `^(SWAP|\d+,\d+|\d+,\d+ \d+,\d+)$`}},
		{"swap2 with five stones: black's open three must be taken",
			// Black 5,7 6,7 7,7 is an open three; White to move cannot stop a four, Black is better.
			[]string{"START 15", "SWAP2BOARD", "6,7", "0,0", "7,7", "0,14", "5,7", "DONE"},
			[]string{"^OK$", `^(SWAP|\d+,\d+)$`}},
		{"swap2 errors",
			[]string{"START 15", "SWAP2BOARD", "7,7", "DONE", "SWAP2BOARD", "7,7", "7,7", "DONE", "SWAP2BOARD", "junk", "DONE"},
			[]string{"^OK$", "^ERROR SWAP2BOARD wants 0, 3 or 5", "^ERROR SWAP2BOARD line 2: .*twice", "^ERROR SWAP2BOARD line 1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := transcript(t, greedyBrain(), strings.Join(tt.input, "\n")+"\n")
			if len(got) != len(tt.want) {
				t.Fatalf("got %d replies %q, want %d matching %q", len(got), got, len(tt.want), tt.want)
			}
			for i, w := range tt.want {
				if !regexp.MustCompile(w).MatchString(got[i]) {
					t.Errorf("reply %d = %q, want match for %q", i+1, got[i], w)
				}
			}
		})
	}
}

func TestBrainMessages(t *testing.T) {
	_, msgs := transcript(t, greedyBrain(), "START 15\nBEGIN\nTURN 8,8\n")
	if len(msgs) != 2 {
		t.Fatalf("got %d MESSAGE lines %q, want one a move", len(msgs), msgs)
	}
	re := regexp.MustCompile(`^MESSAGE depth \d+ score -?\d+ nodes \d+ time \d+ms pv [a-o]\d+`)
	for _, m := range msgs {
		if !re.MatchString(m) {
			t.Errorf("MESSAGE line %q lacks depth, score or PV", m)
		}
	}
}

// recorder is a player that records what it was asked.
type recorder struct {
	pos []ai.Position
	lim []ai.Limits
}

func (r *recorder) Name() string { return "recorder" }
func (r *recorder) Think(ctx context.Context, pos ai.Position, lim ai.Limits, info func(ai.Info)) (ai.Result, error) {
	r.pos, r.lim = append(r.pos, pos), append(r.lim, lim)
	return ai.NewGreedy(0).Think(ctx, pos, lim, info)
}

func TestBrainPassesSettings(t *testing.T) {
	var made []Settings
	rec := &recorder{}
	cfg := Brain{NewPlayer: func(s Settings) (ai.Player, error) {
		made = append(made, s)
		return rec, nil
	}}
	in := []string{"START 15", "INFO rule 4", "INFO max_memory 1000000", "INFO timeout_turn 0", "INFO timeout_match 60000", "INFO time_left 5000",
		"BOARD", "7,7,2", "8,8,1", "7,8,2", "DONE", // renju, in move order: the brain is White
		"INFO max_memory 2000000", "TURN 0,0"}
	replies, _ := transcript(t, cfg, strings.Join(in, "\n")+"\n")
	if len(replies) != 3 {
		t.Fatalf("replies %q", replies)
	}
	// One at START (so that the first move does not pay for making it),
	// one for the settings the INFO lines gave, one when max_memory changes.
	if len(made) != 3 || made[0] != (Settings{}) || made[1] != (Settings{MaxMemory: 1000000}) || made[2] != (Settings{MaxMemory: 2000000}) {
		t.Errorf("players made with %+v; want one at START and a new one when the settings change", made)
	}
	pos := rec.pos[0]
	if pos.ToMove != rules.White || pos.Rule != rules.Renju || len(pos.Stones) != 3 ||
		pos.Stones[0] != (ai.Stone{P: rules.Point{X: 7, Y: 7}, C: rules.Black}) ||
		pos.Stones[1] != (ai.Stone{P: rules.Point{X: 8, Y: 6}, C: rules.White}) {
		t.Errorf("position %+v", pos)
	}
	lim := rec.lim[0]
	if lim.TurnTime != 0 || lim.NoTurnLimit || lim.MatchTime != time.Minute || lim.TimeLeft != 5*time.Second {
		t.Errorf("limits %+v, want answer-at-once with 60 s match and 5 s left", lim)
	}
	if p2 := rec.pos[1]; len(p2.Stones) != 5 || p2.Stones[4].P != (rules.Point{X: 0, Y: 14}) || p2.Stones[4].C != rules.Black {
		t.Errorf("after TURN 0,0 the position is %+v", p2)
	}
}

func TestRuleBits(t *testing.T) {
	for bits, want := range map[int]rules.Rule{0: rules.Freestyle, 1: rules.Standard, 2: rules.Freestyle, 3: rules.Standard, 4: rules.Renju, 5: rules.Renju, 9: rules.Caro} {
		if got := RuleFromBits(bits); got != want {
			t.Errorf("RuleFromBits(%d) = %v, want %v", bits, got, want)
		}
	}
	for _, r := range []rules.Rule{rules.Freestyle, rules.Standard, rules.Renju, rules.Caro} {
		if got := RuleFromBits(RuleBits(r)); got != r {
			t.Errorf("round trip of %v gives %v", r, got)
		}
	}
}

// opener is a greedy player that also takes opening decisions, scripted.
type opener struct {
	*ai.Greedy
	actions []opening.Action
	asked   []opening.Player
}

func (o *opener) OpeningAction(ctx context.Context, m *opening.Machine, me opening.Player, rule rules.Rule, reading rules.Reading) (opening.Action, error) {
	if st := m.Step(); st.Player != me {
		return opening.Action{}, fmt.Errorf("asked as %v at %q", me, st.What)
	}
	o.asked = append(o.asked, me)
	if len(o.actions) == 0 {
		return opening.Action{}, errors.New("no more actions")
	}
	a := o.actions[0]
	o.actions = o.actions[1:]
	return a, nil
}

func TestBrainSwap2WithOpeningPlayer(t *testing.T) {
	place := func(s string) opening.Action {
		p, _ := rules.ParsePoint(s, 15)
		return opening.Action{Kind: opening.Place, Point: p}
	}
	three := []string{"SWAP2BOARD", "7,7", "7,6", "8,8", "DONE"}
	five := []string{"SWAP2BOARD", "7,7", "7,6", "8,8", "6,6", "9,9", "DONE"}
	tests := []struct {
		name    string
		input   []string
		actions []opening.Action
		asked   opening.Player
		want    string
	}{
		{"open with three stones", []string{"SWAP2BOARD", "DONE"}, []opening.Action{place("h8"), place("h9"), place("j10")}, opening.First, "^7,7 7,6 9,5$"},
		{"three: swap to Black", three, []opening.Action{{Kind: opening.Swap}}, opening.Second, "^SWAP$"},
		{"three: keep White and move", three, []opening.Action{{Kind: opening.Keep}}, opening.Second, `^\d+,\d+$`},
		{"three: add White 4 and Black 5", three, []opening.Action{place("g7"), place("k5")}, opening.Second, "^6,8 10,10$"},
		{"five: keep Black", five, []opening.Action{{Kind: opening.Keep}}, opening.First, "^SWAP$"},
		{"five: swap to White and move", five, []opening.Action{{Kind: opening.Swap}}, opening.First, `^\d+,\d+$`},
		{"an illegal decision is an error", three, []opening.Action{place("i7")}, opening.Second, "^ERROR .*taken"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			op := &opener{Greedy: ai.NewGreedy(1), actions: tt.actions}
			cfg := Brain{NewPlayer: func(Settings) (ai.Player, error) { return op, nil }}
			got, _ := transcript(t, cfg, strings.Join(append([]string{"START 15"}, tt.input...), "\n")+"\n")
			if len(got) != 2 || !regexp.MustCompile(tt.want).MatchString(got[1]) {
				t.Fatalf("replies %q, want OK and %s", got, tt.want)
			}
			if len(op.asked) == 0 || op.asked[0] != tt.asked {
				t.Errorf("asked as %v, want %v", op.asked, tt.asked)
			}
		})
	}
}

// FuzzBrain feeds arbitrary input to the brain: it must never panic or
// fail, and every reply is a protocol line.
func FuzzBrain(f *testing.F) {
	for _, seed := range []string{
		"START 15\nBEGIN\nEND\n",
		"START 15\nBOARD\n7,7,1\n8,8,2\nDONE\n",
		"START 9\nINFO timeout_turn 0\nTURN 4,4\nTAKEBACK 4,4\n",
		"START 15\nSWAP2BOARD\n7,7\n7,8\n8,8\nDONE\n",
		"start 20\r\nturn 1,1\r\n",
		"\x00\xff\n,,,\nBOARD\nDONE\nTURN -1,-1\n",
		"START 15\nINFO rule 4\nBOARD\n7,7,2\n7,7,2\nDONE\n",
	} {
		f.Add(seed)
	}
	valid := regexp.MustCompile(`^(OK|SWAP|\d+,\d+( \d+,\d+)*|(ERROR|UNKNOWN|MESSAGE) .*|name=.*)$`)
	f.Fuzz(func(t *testing.T, input string) {
		var out bytes.Buffer
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := Serve(ctx, strings.NewReader(input), &out, greedyBrain()); err != nil {
			t.Fatalf("Serve: %v", err)
		}
		for _, l := range strings.Split(strings.TrimRight(out.String(), "\n"), "\n") {
			if l != "" && !valid.MatchString(l) {
				t.Fatalf("reply %q is not a protocol line", l)
			}
		}
	})
}

// BenchmarkServeBoard measures a whole request: parsing a 30-stone BOARD,
// the greedy player's answer and the reply.
func BenchmarkServeBoard(b *testing.B) {
	var in strings.Builder
	in.WriteString("START 15\n")
	pts, _ := rules.ParsePoints("h8 i9 g9 i7 i8 g8 j10 h10 f7 e6 j8 k8 g10 f11 j9 j7 k10 l11 e8 d9 f9 e10 h12 g11 c10 d8 l9 m8 e12 d11", 15)
	for i := 0; i < b.N; i++ {
		in.WriteString("BOARD\n")
		for j, p := range pts {
			fmt.Fprintf(&in, "%s,%d\n", p.Gomocup(15), 1+j%2)
		}
		in.WriteString("DONE\n")
	}
	b.ResetTimer()
	if err := Serve(context.Background(), strings.NewReader(in.String()), io.Discard, greedyBrain()); err != nil {
		b.Fatal(err)
	}
}

// TestInfoMakesPlayer: INFO lines that change the settings, as a Gomocup
// manager sends them after START, have the player made again at once, not
// on the next move's clock; INFO lines that change nothing the player
// depends on (the rule, the clocks) make none.
func TestInfoMakesPlayer(t *testing.T) {
	var made []Settings
	cfg := Brain{NewPlayer: func(s Settings) (ai.Player, error) {
		made = append(made, s)
		return ai.NewGreedy(1), nil
	}, About: `name="test"`}
	in, send := io.Pipe()
	replies, out := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- Serve(context.Background(), in, out, cfg); out.Close() }()
	lines := newLineReader(replies)
	// ask sends lines ending with ABOUT and reads the replies up to its
	// answer: by then the brain has handled every line before it.
	ask := func(cmds ...string) {
		t.Helper()
		if _, err := io.WriteString(send, strings.Join(append(cmds, "ABOUT"), "\n")+"\n"); err != nil {
			t.Fatal(err)
		}
		for {
			l, err := lines.next()
			if err != nil {
				t.Fatalf("reading the replies: %v", err)
			}
			if strings.HasPrefix(l, "ERROR") {
				t.Errorf("%s after %q", l, cmds)
			}
			if l == cfg.About {
				return
			}
		}
	}
	ask("START 15")
	ask("INFO timeout_turn 5000", "INFO timeout_match 180000", "INFO max_memory 367001600", "INFO time_left 180000",
		"INFO game_type 1", "INFO rule 4", "INFO evaluate 0,0", "INFO folder /tmp", "INFO thread_num 1")
	want := []Settings{{}, {MaxMemory: 367001600}, {MaxMemory: 367001600, Threads: 1}}
	if fmt.Sprint(made) != fmt.Sprint(want) {
		t.Errorf("after START and the INFO lines, players made with %+v, want %+v", made, want)
	}
	ask("INFO rule 1", "INFO max_memory 367001600", "INFO time_left 170000", "BOARD", "7,7,2", "DONE", "INFO rule 4", "TURN 8,8")
	if len(made) != len(want) {
		t.Errorf("players made with %+v after moves and INFO lines that change no setting, want no more than %+v", made, want)
	}
	send.Close()
	if err := <-done; err != nil {
		t.Errorf("Serve: %v", err)
	}
}

// TestStartMakesPlayer: START makes the player at once (its tables are
// built before the first move's clock runs), and a player that cannot be
// made is reported there.
func TestStartMakesPlayer(t *testing.T) {
	made := 0
	cfg := Brain{NewPlayer: func(Settings) (ai.Player, error) { made++; return ai.NewGreedy(1), nil }}
	if replies, _ := transcript(t, cfg, "START 15\n"); len(replies) != 1 || replies[0] != "OK" || made != 1 {
		t.Errorf("START: replies %q, players made %d; want OK and one player", replies, made)
	}
	fail := Brain{NewPlayer: func(Settings) (ai.Player, error) { return nil, errors.New("no memory") }}
	if replies, _ := transcript(t, fail, "START 15\n"); len(replies) != 1 || !strings.HasPrefix(replies[0], "ERROR") || !strings.Contains(replies[0], "no memory") {
		t.Errorf("START with a failing player: replies %q, want one ERROR naming the cause", replies)
	}
}
