package match

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"tengen/ai"
	"tengen/rules"
	"tengen/rules/record"
)

// Config is a match between two players.
type Config struct {
	Engine1, Engine2 Spec
	Size             int
	Rule             rules.Rule
	Reading          rules.Reading
	Games            int // rounded up to whole pairs
	TurnTime         time.Duration
	// TurnTime2, when positive, is Engine2's time per move (time odds);
	// TurnTime is then Engine1's.
	TurnTime2 time.Duration
	Grace     time.Duration // see GameConfig
	// Openings are played in turn, each by both colours; none means
	// random three-stone openings around the centre drawn from Seed.
	Openings    [][]rules.Point
	Concurrency int    // games at once (default 1)
	OutDir      string // where to write the games ("" = nowhere)
	Seed        int64
	// Progress sees every finished game with the standings so far; calls
	// are serialised.
	Progress func(Progress)
	// OnMove sees every move of game n (from 1) as it is played, for a
	// live display; calls come from the games' goroutines at once.
	OnMove func(n int, e MoveEvent)
	// Log receives external brains' messages (nil drops them).
	Log func(string)
}

// Progress is a finished game and the standings after it.
type Progress struct {
	Game         int // from 1
	Of           int
	Engine1Black bool
	Result       GameResult
	Stats        Stats
	Files        []string // the game's record files
}

// Stats are the results from Engine1's side.
type Stats struct {
	Wins, Draws, Losses int
}

// Games is the number of games counted.
func (s Stats) Games() int { return s.Wins + s.Draws + s.Losses }

// Score is Engine1's points (win 1, draw ½) over the games, 0..1.
func (s Stats) Score() float64 {
	if s.Games() == 0 {
		return 0
	}
	return (float64(s.Wins) + float64(s.Draws)/2) / float64(s.Games())
}

// Elo estimates Engine1's Elo difference over Engine2 from the score,
// with the 95% confidence interval lo..hi from the per-game variance
// (normal approximation of the score, mapped through the logistic curve).
// A score of 0 or 1 gives an infinite estimate; its finite bound then
// comes from the rule of three (a 95% bound of 3/n on the rate of the
// result never seen).
func (s Stats) Elo() (elo, lo, hi float64) {
	n := float64(s.Games())
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	p := s.Score()
	switch p {
	case 0:
		return math.Inf(-1), math.Inf(-1), eloOf(3 / n)
	case 1:
		return math.Inf(1), eloOf(1 - 3/n), math.Inf(1)
	}
	w, d, l := float64(s.Wins)/n, float64(s.Draws)/n, float64(s.Losses)/n
	variance := w*(1-p)*(1-p) + d*(0.5-p)*(0.5-p) + l*p*p
	se := math.Sqrt(variance / n)
	return eloOf(p), eloOf(p - 1.96*se), eloOf(p + 1.96*se)
}

func eloOf(p float64) float64 {
	switch {
	case p <= 0:
		return math.Inf(-1)
	case p >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/p-1)
}

// String writes the standings: "+7 =2 -1  score 80.0%  Elo +241 ± 180",
// or with the interval when it is open, "Elo +241 (95%: +83 to +inf)".
func (s Stats) String() string {
	elo, lo, hi := s.Elo()
	e := "Elo " + formatElo(elo)
	switch {
	case math.IsInf(elo, 0) && math.IsInf(lo, 0) && math.IsInf(hi, 0):
	case math.IsInf(lo, 0) || math.IsInf(hi, 0):
		e += fmt.Sprintf(" (95%%: %s to %s)", formatElo(lo), formatElo(hi))
	default:
		e += fmt.Sprintf(" ± %.0f", (hi-lo)/2)
	}
	return fmt.Sprintf("+%d =%d -%d  score %.1f%%  %s", s.Wins, s.Draws, s.Losses, 100*s.Score(), e)
}

func formatElo(e float64) string {
	switch {
	case math.IsInf(e, 1):
		return "+inf"
	case math.IsInf(e, -1):
		return "-inf"
	}
	r := math.Round(e)
	if r == 0 {
		r = 0 // no "-0"
	}
	return fmt.Sprintf("%+.0f", r)
}

// RandomOpenings draws n three-stone openings: Black on the centre, White
// touching it, Black within two points of the centre.
func RandomOpenings(n, size int, seed int64) [][]rules.Point {
	rng := rand.New(rand.NewSource(seed))
	c := rules.Centre(size)
	var out [][]rules.Point
	for len(out) < n {
		w := rules.Point{X: c.X + rng.Intn(3) - 1, Y: c.Y + rng.Intn(3) - 1}
		b := rules.Point{X: c.X + rng.Intn(5) - 2, Y: c.Y + rng.Intn(5) - 2}
		if w == c || b == c || b == w {
			continue
		}
		out = append(out, []rules.Point{c, w, b})
	}
	return out
}

// job is one game of the match.
type job struct {
	n            int // from 0
	opening      []rules.Point
	engine1Black bool
}

// Run plays the match and returns Engine1's stats and every game. Games
// are played in balanced pairs: each opening once with Engine1 as Black
// and once as White. A game that cannot be played (a bad opening, a
// failed write) stops the match with an error.
func Run(ctx context.Context, cfg Config) (Stats, []GameResult, error) {
	if cfg.Games < 1 {
		return Stats{}, nil, fmt.Errorf("a match needs at least one game")
	}
	if err := rules.CheckSize(cfg.Size); err != nil {
		return Stats{}, nil, err
	}
	pairs := (cfg.Games + 1) / 2
	openings := cfg.Openings
	if len(openings) == 0 {
		openings = RandomOpenings(pairs, cfg.Size, cfg.Seed)
	}
	if cfg.OutDir != "" {
		if err := os.MkdirAll(cfg.OutDir, 0o755); err != nil {
			return Stats{}, nil, err
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan job)
	go func() {
		defer close(jobs)
		for i := 0; i < 2*pairs; i++ {
			select {
			case jobs <- job{n: i, opening: openings[(i/2)%len(openings)], engine1Black: i%2 == 0}:
			case <-ctx.Done():
				return
			}
		}
	}()
	var (
		mu      sync.Mutex
		stats   Stats
		results = make([]GameResult, 2*pairs)
		runErr  error
		done    int
	)
	workers := max(cfg.Concurrency, 1)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			err := worker(ctx, cfg, w, jobs, func(j job, r GameResult) error {
				var files []string
				var err error
				if cfg.OutDir != "" {
					files, err = WriteRecord(cfg.OutDir, fmt.Sprintf("game-%03d", j.n+1), r.Record)
				}
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					return err
				}
				results[j.n] = r
				e1 := rules.White
				if j.engine1Black {
					e1 = rules.Black
				}
				switch r.Winner {
				case rules.Empty:
					stats.Draws++
				case e1:
					stats.Wins++
				default:
					stats.Losses++
				}
				done++
				if cfg.Progress != nil {
					cfg.Progress(Progress{Game: done, Of: 2 * pairs, Engine1Black: j.engine1Black, Result: r, Stats: stats, Files: files})
				}
				return nil
			})
			if err != nil {
				mu.Lock()
				if runErr == nil {
					runErr = err
				}
				mu.Unlock()
				cancel()
			}
		}(w)
	}
	wg.Wait()
	if runErr != nil {
		return stats, results, runErr
	}
	if err := ctx.Err(); err != nil {
		return stats, results, err
	}
	return stats, results, nil
}

// gameConfig is what a game is played under with Engine1 as Black or
// White: each engine keeps its own time per move whatever its colour.
func (cfg Config) gameConfig(engine1Black bool) GameConfig {
	gc := GameConfig{Size: cfg.Size, Rule: cfg.Rule, Reading: cfg.Reading, TurnTime: cfg.TurnTime, Grace: cfg.Grace}
	if cfg.TurnTime2 > 0 {
		gc.WhiteTurnTime = cfg.TurnTime2
		if !engine1Black {
			gc.TurnTime, gc.WhiteTurnTime = cfg.TurnTime2, cfg.TurnTime
		}
	}
	return gc
}

// worker plays jobs with its own pair of players, made once and reused
// (an external brain keeps its process between games).
func worker(ctx context.Context, cfg Config, w int, jobs <-chan job, finished func(job, GameResult) error) error {
	seed := cfg.Seed + int64(w)*1000003
	p1, err := cfg.Engine1.New(seed, cfg.Log)
	if err != nil {
		return fmt.Errorf("engine1 %s: %w", cfg.Engine1, err)
	}
	defer ClosePlayer(p1)
	p2, err := cfg.Engine2.New(seed+1, cfg.Log)
	if err != nil {
		return fmt.Errorf("engine2 %s: %w", cfg.Engine2, err)
	}
	defer ClosePlayer(p2)
	start(ctx, p1, cfg)
	start(ctx, p2, cfg)
	for j := range jobs {
		for _, p := range []ai.Player{p1, p2} {
			if ng, ok := p.(interface{ NewGame() }); ok {
				ng.NewGame() // each game starts from nothing learnt
			}
		}
		gc := cfg.gameConfig(j.engine1Black)
		gc.Opening = j.opening
		black, white := ai.Player(p1), ai.Player(p2)
		if !j.engine1Black {
			black, white = p2, p1
		}
		var onMove func(MoveEvent)
		if cfg.OnMove != nil {
			n := j.n + 1
			onMove = func(e MoveEvent) { cfg.OnMove(n, e) }
		}
		r, err := PlayGame(ctx, black, white, gc, onMove)
		if err != nil {
			return fmt.Errorf("game %d: %w", j.n+1, err)
		}
		if err := finished(j, r); err != nil {
			return fmt.Errorf("game %d: %w", j.n+1, err)
		}
	}
	return nil
}

// start starts a player that runs a process of its own (an external
// brain) before the match: started by its first Think, the process's
// start-up and its answer to START were charged to its first move's clock.
// A brain that cannot be started is tried again at its first move, whose
// failure loses the game as a crash, as in any later game.
func start(ctx context.Context, p ai.Player, cfg Config) {
	if st, ok := p.(interface {
		Start(ctx context.Context, size int, rule rules.Rule) error
	}); ok {
		if err := st.Start(ctx, cfg.Size, cfg.Rule); err != nil && cfg.Log != nil {
			cfg.Log(fmt.Sprintf("%s: %v", p.Name(), err))
		}
	}
}

// WriteRecord writes a game as SGF and PSQ into dir, named base.sgf and
// base.psq, and returns the files written. PSQ has no passes: a game with
// one (renju Black left with only forbidden points on a nearly full board)
// is written as SGF alone.
func WriteRecord(dir, base string, rec *record.Record) ([]string, error) {
	var files []string
	for _, f := range []struct {
		ext   string
		write func(*record.Record) ([]byte, error)
	}{{"sgf", record.WriteSGF}, {"psq", record.WritePSQ}} {
		if f.ext == "psq" && slices.ContainsFunc(rec.Moves, func(m record.Move) bool { return m.Point.IsPass() }) {
			continue
		}
		data, err := f.write(rec)
		if err != nil {
			return files, fmt.Errorf("writing %s: %w", f.ext, err)
		}
		name := filepath.Join(dir, base+"."+f.ext)
		if err := os.WriteFile(name, data, 0o644); err != nil {
			return files, err
		}
		files = append(files, name)
	}
	return files, nil
}

// ParseOpenings reads an openings file: one opening a line as a move list
// in the Chinese notation ("h8 h9 i9"), Black first; blank lines and lines
// starting with # are skipped. An error names the line.
func ParseOpenings(data string, size int) ([][]rules.Point, error) {
	var out [][]rules.Point
	for i, line := range splitLines(data) {
		if line == "" || line[0] == '#' {
			continue
		}
		pts, err := rules.ParsePoints(line, size)
		if err != nil {
			return nil, fmt.Errorf("openings line %d: %w", i+1, err)
		}
		g, _ := rules.NewGame(size, rules.Freestyle, rules.ReadingRIF)
		for j, p := range pts {
			if _, err := g.Play(g.ToMove(), p); err != nil {
				return nil, fmt.Errorf("openings line %d, move %d: %w", i+1, j+1, err)
			}
		}
		out = append(out, pts)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("the openings file has no openings")
	}
	return out, nil
}

// splitLines splits text into trimmed lines, tolerating CRLF.
func splitLines(s string) []string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSpace(l)
	}
	return lines
}
