package main

import (
	"flag"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"tengen/ai"
	"tengen/ai/tune"
	"tengen/rules"
	"tengen/rules/record"
)

func init() {
	addCommand("", &command{name: "engine", summary: "the engine's own tools: tuning its evaluation"})
	addCommand("engine", &command{
		name:    "tune",
		summary: "fit the evaluation's weights to the results of recorded games (Texel tuning), or to target win rates of positions, and write ai/weights.go",
		usage:   "[flags] [DIR...]",
		flags:   tuneFlags,
	})
}

// tuneReport is what `engine tune --json` prints.
type tuneReport struct {
	Games       int       `json:"games"`
	Targets     int       `json:"target_positions"`
	Samples     int       `json:"samples"`
	Holdout     int       `json:"holdout_samples"`
	K           float64   `json:"k"`
	LossBefore  float64   `json:"loss_before"`
	LossAfter   float64   `json:"loss_after"`
	HoldBefore  float64   `json:"holdout_loss_before"`
	HoldAfter   float64   `json:"holdout_loss_after"`
	HoldInUse   float64   `json:"holdout_loss_in_use"`
	Weights     []float64 `json:"weights"`
	WeightNames []string  `json:"weight_names"`
}

func tuneFlags(fset *flag.FlagSet) func(*stdio, []string) error {
	out := fset.String("out", "", "write the tuned weights as Go source to this file (ai/weights.go); default: only report")
	iters := fset.Int("iterations", 1500, "passes of the minimiser over the data")
	rate := fset.Float64("rate", 2, "the minimiser's first step, in eighths of a score unit")
	lambda := fset.Float64("lambda", 1e-7, "pull of each point combination's weight towards 0 (the sum of its lines)")
	shrink := fset.Float64("shrink", 1, "move the weights only this part of the way from the start to fitted (0..1)")
	start := fset.String("start", "hand", "weights the fit starts from: hand (the hand-set evaluation) or in-use (the weights compiled in)")
	pull := fset.Float64("pull", 0, "pull of each line, point and race weight towards its start value (0: none)")
	race := fset.Bool("race", true, "tune threatEval's race constants too (false: keep them hand-set)")
	combos := fset.Bool("combos", true, "tune a weight per combination of a point's four line patterns, beyond the line weights")
	holdout := fset.Int("holdout", 10, "every Nth game is held out to check the fit (0: none)")
	readingName := fset.String("reading", "rif", "renju reading for the recorded games: rif or gomocup")
	minStones := fset.Int("min-stones", 5, "skip positions with fewer stones")
	targets := fset.String("targets", "", "also fit to this file's positions, each with its own target: lines SIZE RULE READING TOMOVE TARGET STONES, TARGET the probability that the side to move wins (a stronger engine's judgement, say)")
	scores := fset.String("scores", "", "also fit to this position set's positions (lines written by `engine label`), each with the target sigmoid(SCORE/--scale) from the labelling engine's score, 1 or 0 for a mate it found; positions without a score are skipped")
	scale := fset.Float64("scale", 200, "the labelling engine's score per unit of log-odds (Rapfi: win rate = sigmoid(eval/200))")
	jsonOut := fset.Bool("json", false, "print the report as JSON on the last line")
	return func(sio *stdio, args []string) error {
		if len(args) == 0 && *targets == "" && *scores == "" {
			return usageError("name at least one directory of SGF games, or --targets or --scores")
		}
		if !(*scale > 0) {
			return usageError("--scale must be positive")
		}
		if *iters <= 0 || *rate <= 0 || *lambda < 0 || *pull < 0 || *holdout < 0 {
			return usageError("--iterations and --rate must be positive, --lambda, --pull and --holdout not negative")
		}
		var w0 []float64
		switch *start {
		case "hand":
			w0 = ai.HandEvalWeights()
		case "in-use":
			w0 = ai.EvalWeights()
		default:
			return usageError("--start must be hand or in-use, not %q", *start)
		}
		if *shrink <= 0 || *shrink > 1 {
			return usageError("--shrink must be above 0 and at most 1")
		}
		reading, files, err := recordedGames(*readingName, args)
		if err != nil {
			return err
		}
		heldOut := func(k int) bool { return *holdout > 0 && k%*holdout == *holdout-1 }
		var train, hold []tune.Sample
		rep := tuneReport{WeightNames: ai.EvalFeatureNames()}
		// split puts a file's samples in the training and held-out sets.
		split := func(ss []tune.Sample) {
			for k, s := range ss {
				if heldOut(k) {
					hold = append(hold, s)
				} else {
					train = append(train, s)
				}
			}
			rep.Targets += len(ss)
		}
		if *targets != "" {
			ss, skipped, err := targetSamples(*targets, *minStones)
			if err != nil {
				return err
			}
			fmt.Fprintf(sio.err, "%s: %d positions, %d skipped (the search reads them by threats, or too few stones)\n", *targets, len(ss), skipped)
			split(ss)
		}
		if *scores != "" {
			ss, skipped, err := scoreSamples(*scores, *scale, *minStones)
			if err != nil {
				return err
			}
			fmt.Fprintf(sio.err, "%s: %d positions, %d skipped (no score, read by threats, or too few stones)\n", *scores, len(ss), skipped)
			split(ss)
		}
		for k, f := range files {
			rec, err := readGameRecord(f)
			if err != nil {
				return err
			}
			if rec.Result.Reason == record.ReasonTime || rec.Result.Reason == record.ReasonForfeit {
				continue // the board did not decide it
			}
			ss, err := ai.EvalSamples(rec, ai.SampleOptions{Reading: reading, MinStones: *minStones})
			if err != nil {
				return fmt.Errorf("%s: %w", f, err)
			}
			if len(ss) == 0 {
				continue
			}
			rep.Games++
			if heldOut(k) {
				hold = append(hold, ss...)
			} else {
				train = append(train, ss...)
			}
		}
		if len(train) == 0 {
			return fmt.Errorf("no positions to tune on in %d files, %q and %q", len(files), *targets, *scores)
		}
		rep.Samples, rep.Holdout = len(train), len(hold)
		if rep.K, err = tune.FitK(train, w0, 10, 1e5); err != nil {
			return err
		}
		rep.LossBefore, _ = tune.Loss(train, w0, rep.K)
		fmt.Fprintf(sio.err, "%d games and %d target positions, %d positions (%d held out); K = %.0f, loss %.5f from the %s weights\n", rep.Games, rep.Targets, len(train), len(hold), rep.K, rep.LossBefore, *start)
		fixed := ai.EvalFixed()
		lambdas := make([]float64, len(w0))
		isRace := ai.EvalRaceFeatures()
		for i, isCombo := range ai.EvalComboFeatures() {
			fixed[i] = fixed[i] || (isRace[i] && !*race)
			lambdas[i] = *pull
			if isCombo {
				lambdas[i] = *lambda
				fixed[i] = fixed[i] || !*combos
			}
		}
		w, err := tune.Fit(train, w0, rep.K, tune.Options{Iterations: *iters, Rate: *rate, Lambda: lambdas, Fixed: fixed})
		if err != nil {
			return err
		}
		// Shrinking (or pulling) towards the start trades some fit for the
		// start's proven play at small budgets: fits to results or to a
		// stronger engine's judgement have predicted better yet played
		// worse than the weights in use.
		for i := range w {
			w[i] = w0[i] + *shrink*(w[i]-w0[i])
		}
		rep.Weights = w
		rep.LossAfter, _ = tune.Loss(train, w, rep.K)
		if len(hold) > 0 {
			rep.HoldBefore, _ = tune.Loss(hold, w0, rep.K)
			rep.HoldAfter, _ = tune.Loss(hold, w, rep.K)
			rep.HoldInUse, _ = tune.Loss(hold, ai.EvalWeights(), rep.K)
		}
		fmt.Fprintf(sio.out, "games %d, target positions %d, positions %d (held out %d), K %.0f\n", rep.Games, rep.Targets, rep.Samples, rep.Holdout, rep.K)
		fmt.Fprintf(sio.out, "loss: start %.5f -> tuned %.5f; held out: %.5f -> %.5f (weights in use %.5f)\n", rep.LossBefore, rep.LossAfter, rep.HoldBefore, rep.HoldAfter, rep.HoldInUse)
		isCombo := ai.EvalComboFeatures()
		moved := 0
		for i, name := range rep.WeightNames {
			if isCombo[i] {
				if math.Abs(w[i]) >= 0.5 {
					moved++
				}
				continue
			}
			fmt.Fprintf(sio.out, "  %-30s %8.0f -> %8.0f\n", name, w0[i], w[i])
		}
		fmt.Fprintf(sio.out, "point combinations weighed apart from their lines: %d\n", moved)
		if *out != "" {
			what, from := fmt.Sprintf("%d games", rep.Games), strings.Join(args, " ")
			if *targets != "" {
				what += fmt.Sprintf(" and %d target positions", rep.Targets)
				from = strings.TrimSpace(from + " " + *targets)
			}
			if *scores != "" {
				what = fmt.Sprintf("%d games and %d target positions", rep.Games, rep.Targets)
				from = strings.TrimSpace(from + " " + *scores + fmt.Sprintf(" (scores at scale %g)", *scale))
			}
			note := fmt.Sprintf("Tuned on %s (%d positions) from %s, start %s, K %.0f, lambda %g, pull %g, combos %v, race %v, shrink %g, %d iterations: loss %.5f -> %.5f, held out %.5f -> %.5f.",
				what, rep.Samples, from, *start, rep.K, *lambda, *pull, *combos, *race, *shrink, *iters, rep.LossBefore, rep.LossAfter, rep.HoldBefore, rep.HoldAfter)
			src, err := ai.EvalWeightsGo(w, note)
			if err != nil {
				return err
			}
			if err := os.WriteFile(*out, src, 0o644); err != nil {
				return err
			}
		}
		if *jsonOut {
			return printJSON(sio, rep)
		}
		return nil
	}
}

// targetSamples reads a targets file (see --targets) and returns the
// samples of its positions that the search evaluates statically and that
// have at least minStones stones, in file order, and how many it skipped.
func targetSamples(path string, minStones int) ([]tune.Sample, int, error) {
	return fileSamples(path, minStones, func(n int, line string) (ai.Position, float64, bool, error) {
		f := strings.Fields(line)
		if len(f) != 6 {
			return ai.Position{}, 0, false, fmt.Errorf("line %d: want 6 fields (size rule reading tomove target stones), got %d", n, len(f))
		}
		pos, err := parsePosition(f[0], f[1], f[2], f[3], f[5])
		if err != nil {
			return ai.Position{}, 0, false, fmt.Errorf("line %d: %w", n, err)
		}
		target, err := strconv.ParseFloat(f[4], 32)
		if err != nil {
			return ai.Position{}, 0, false, fmt.Errorf("line %d: target %q is not a number", n, f[4])
		}
		return pos, target, true, nil
	})
}

// scoreTarget turns a labelling engine's printed score for the side to
// move into the probability that that side wins: sigmoid(score/scale) for
// a number, 1 for a mate it found ("+M13"), 0 for one it faces ("-M10").
// ok is false for "-", a position without a score, and for Rapfi's
// "VAL_NONE" (it prints that when it answers before scoring a move).
func scoreTarget(score string, scale float64) (target float64, ok bool, err error) {
	if score == "-" || score == "VAL_NONE" {
		return 0, false, nil
	}
	if rest, found := strings.CutPrefix(score, "+M"); found {
		if n, err := strconv.Atoi(rest); err == nil && n >= 0 {
			return 1, true, nil
		}
	} else if rest, found := strings.CutPrefix(score, "-M"); found {
		if n, err := strconv.Atoi(rest); err == nil && n >= 0 {
			return 0, true, nil
		}
	} else if v, err := strconv.ParseFloat(score, 64); err == nil && !math.IsNaN(v) && !math.IsInf(v, 0) {
		return 1 / (1 + math.Exp(-v/scale)), true, nil
	}
	return 0, false, fmt.Errorf("score %q: want a number, +M<n> or -M<n> (a mate), or -", score)
}

// scoreSamples reads a position set written by `engine label` and returns
// the samples of its scored positions that the search evaluates
// statically and that have at least minStones stones, each with its
// score's target (scoreTarget), in file order, and how many it skipped.
// Positions the search reads by threats are left out as in targetSamples:
// the weights only ever see quiet positions, and the labeller's score of
// a threat position says more about the threat than about the shape.
func scoreSamples(path string, scale float64, minStones int) ([]tune.Sample, int, error) {
	return fileSamples(path, minStones, func(n int, line string) (ai.Position, float64, bool, error) {
		l, err := parseLabelled(line, n) // names the line
		if err != nil {
			return ai.Position{}, 0, false, err
		}
		target, ok, err := scoreTarget(l.score, scale)
		if err != nil {
			return ai.Position{}, 0, false, fmt.Errorf("line %d: %w", n, err)
		}
		return l.pos, target, ok, nil
	})
}

// fileSamples reads the data lines of the file at path, each a position
// and its target by parse (ok false: no target, skipped), and returns the
// samples of the positions that the search evaluates statically and that
// have at least minStones stones, in file order, and how many it skipped.
// parse's errors name the line; the file's name is put before them.
func fileSamples(path string, minStones int, parse func(n int, line string) (pos ai.Position, target float64, ok bool, err error)) ([]tune.Sample, int, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer fh.Close()
	var out []tune.Sample
	skipped := 0
	err = dataLines(fh, func(n int, line string) error {
		pos, target, ok, err := parse(n, line)
		if err != nil {
			return err
		}
		if !ok || len(pos.Stones) < minStones {
			skipped++
			return nil
		}
		s, ok, err := ai.PositionSample(pos, float32(target))
		if err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
		if !ok {
			skipped++
			return nil
		}
		out = append(out, s)
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", path, err)
	}
	return out, skipped, nil
}

// sgfFiles lists the .sgf files under dirs, sorted so that the hold-out
// split is the same on every run.
func sgfFiles(dirs []string) ([]string, error) {
	var files []string
	for _, d := range dirs {
		err := filepath.WalkDir(d, func(p string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !e.IsDir() && strings.HasSuffix(strings.ToLower(p), ".sgf") {
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(files)
	if len(files) == 0 {
		return nil, fmt.Errorf("no .sgf files under %s", strings.Join(dirs, ", "))
	}
	return files, nil
}

// readGameRecord reads the SGF game at path; errors name the file.
func readGameRecord(path string) (*record.Record, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	rec, err := record.ReadSGF(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rec, nil
}

// recordedGames reads --reading and lists the SGF files under dirs: the
// games the tuner and the labeller learn from (none when no dirs are
// named: the tuner may learn from a targets file alone).
func recordedGames(readingName string, dirs []string) (rules.Reading, []string, error) {
	reading, err := rules.ParseReading(readingName)
	if err != nil {
		return 0, nil, usageError("--reading: %v", err)
	}
	if len(dirs) == 0 {
		return reading, nil, nil
	}
	files, err := sgfFiles(dirs)
	return reading, files, err
}
