package match

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"tengen/ai"
	"tengen/ai/gomocup"
)

// Spec names a player: an internal one ("tengen", "tengen:level=5",
// "greedy", "greedy:seed=3"; tengen takes level 1-10, threads, seed and
// memory in MiB) or an external Gomocup brain's command line
// ("/opt/rapfi/pbrain-rapfi", quoted arguments allowed).
type Spec struct {
	// Kind is "tengen", "greedy" or "external".
	Kind string
	// Params are an internal player's key=value settings.
	Params map[string]string
	// Argv is an external brain's command line.
	Argv []string
	// Threads and MemoryMiB, when positive, are the resources every kind
	// of engine gets unless its own settings say otherwise: an external
	// brain is told them with INFO thread_num and max_memory.
	Threads   int
	MemoryMiB int64
}

// ParseSpec reads a player spec. An internal player's settings follow a
// colon, comma separated: "tengen:level=5,threads=1".
func ParseSpec(s string) (Spec, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return Spec{}, fmt.Errorf("empty player spec")
	}
	name, params, _ := strings.Cut(t, ":")
	switch name {
	case "tengen", "greedy":
		sp := Spec{Kind: name, Params: map[string]string{}}
		for _, kv := range strings.FieldsFunc(params, func(r rune) bool { return r == ',' }) {
			k, v, ok := strings.Cut(kv, "=")
			k = strings.TrimSpace(k)
			if !ok || k == "" {
				return Spec{}, fmt.Errorf("player spec %q: setting %q is not key=value", s, kv)
			}
			if !validParam(name, k) {
				return Spec{}, fmt.Errorf("player spec %q: %s has no setting %q", s, name, k)
			}
			if _, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64); err != nil {
				return Spec{}, fmt.Errorf("player spec %q: %s=%q is not an integer", s, k, v)
			}
			sp.Params[k] = strings.TrimSpace(v)
		}
		return sp, nil
	}
	argv, err := splitCommand(t)
	if err != nil {
		return Spec{}, fmt.Errorf("player spec %q: %w", s, err)
	}
	return Spec{Kind: "external", Argv: argv}, nil
}

func validParam(kind, key string) bool {
	switch kind {
	case "greedy":
		return key == "seed"
	case "tengen":
		return key == "level" || key == "seed" || key == "threads" || key == "memory"
	}
	return false
}

// splitCommand splits a command line at spaces, keeping single- or
// double-quoted parts together.
func splitCommand(s string) ([]string, error) {
	var args []string
	var cur strings.Builder
	inArg := false
	var q rune
	for _, r := range s {
		switch {
		case q != 0 && r == q:
			q = 0
		case q != 0:
			cur.WriteRune(r)
		case r == '"' || r == '\'':
			q, inArg = r, true
		case r == ' ' || r == '\t':
			if inArg {
				args, inArg = append(args, cur.String()), false
				cur.Reset()
			}
		default:
			cur.WriteRune(r)
			inArg = true
		}
	}
	if q != 0 {
		return nil, fmt.Errorf("unclosed quote")
	}
	if inArg {
		args = append(args, cur.String())
	}
	return args, nil
}

func (sp Spec) param(key string, def int64) int64 {
	if v, ok := sp.Params[key]; ok {
		n, _ := strconv.ParseInt(v, 10, 64) // checked by ParseSpec
		return n
	}
	return def
}

// String writes the spec back in ParseSpec's form.
func (sp Spec) String() string {
	if sp.Kind == "external" {
		return strings.Join(sp.Argv, " ")
	}
	var kv []string
	for _, k := range []string{"level", "seed", "threads", "memory"} {
		if v, ok := sp.Params[k]; ok {
			kv = append(kv, k+"="+v)
		}
	}
	if len(kv) == 0 {
		return sp.Kind
	}
	return sp.Kind + ":" + strings.Join(kv, ",")
}

// New makes the player. seed is used when the spec sets none, so that the
// games of a match differ yet repeat with the match's seed. log receives an
// external brain's messages (nil drops them). Close the player with
// ClosePlayer when done.
func (sp Spec) New(seed int64, log func(string)) (ai.Player, error) {
	switch sp.Kind {
	case "greedy":
		return ai.NewGreedy(sp.param("seed", seed)), nil
	case "tengen":
		return ai.NewEngine(ai.EngineOptions{
			Level:     int(sp.param("level", 10)),
			Seed:      uint64(sp.param("seed", seed)),
			Threads:   int(sp.param("threads", int64(sp.Threads))),
			MaxMemory: sp.param("memory", sp.MemoryMiB) << 20,
		}), nil
	case "external":
		return gomocup.NewClient(sp.Argv, gomocup.ClientOptions{Log: log, Threads: sp.Threads, MaxMemory: sp.MemoryMiB << 20})
	}
	return nil, fmt.Errorf("unknown player kind %q", sp.Kind)
}

// ClosePlayer releases what a player holds (an external brain's process).
func ClosePlayer(p ai.Player) error {
	if c, ok := p.(io.Closer); ok {
		return c.Close()
	}
	return nil
}
