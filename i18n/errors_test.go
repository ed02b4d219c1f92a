package i18n

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"tengen/game"
	"tengen/i18n/errmsg"
	"tengen/rules/opening"
)

func TestPrinterError(t *testing.T) {
	cause := os.ErrPermission
	fieldErr := &errmsg.Error{Msg: errmsg.M("err.cal-field", "board.size",
		errmsg.M("err.cal.board-size", 3), errmsg.M("err.cal.fix-size"))}
	for _, c := range []struct {
		name     string
		err      error
		lang     Lang
		want     string
		wantText string // English, from Error()
	}{
		{"plain message", errmsg.New("err.no-operator"), Simplified,
			"终端前没有工作人员（标准输入已关闭）", "no operator at the terminal (stdin closed)"},
		{"nested messages", fieldErr, Traditional,
			"校準檔案：board.size：3不是棋盤的大小（應為5到25路）（修正方法：機器人的棋盤請設為`size: 15`）",
			"calibration: board.size: 3 is not a board size (5-25 lines) (fix: set `size: 15` for the robot's board)"},
		{"cause shown", errmsg.Wrap(cause, "err.cal-unreadable"), Simplified,
			"校准文件：无法读取：permission denied", "calibration: the file cannot be read: permission denied"},
		{"cause kept quiet", errmsg.Mark(cause, "err.cal-missing", "/x.yaml"), English,
			"calibration: /x.yaml does not exist (fix: run `tengen calibrate`, or `tengen calibrate defaults > /x.yaml` for the simulator)",
			"calibration: /x.yaml does not exist (fix: run `tengen calibrate`, or `tengen calibrate defaults > /x.yaml` for the simulator)"},
		{"inside a plain wrapper", fmt.Errorf("/etc/cal.yaml: %w", errmsg.New("err.cal-culprit", "arm.rf", 7)), Simplified,
			"/etc/cal.yaml: arm.rf（第7行）：", "/etc/cal.yaml: arm.rf (line 7): "},
		{"message around a message", errmsg.Wrap(errmsg.Wrap(errmsg.New("err.journal-no-type"), "err.journal-line", 3), "err.journal", "g.journal"), Traditional,
			`對局日誌g.journal：第3行：缺少"type"`, `journal g.journal: line 3: no "type"`},
		{"joined", fmt.Errorf("%w: %w", errors.New("usage"), errmsg.New("err.no-args", "play")), Simplified,
			"usage: play不接受参数", "usage: play takes no arguments"},
		{"point argument", errmsg.New("err.touchoff-off-board", 2, "h8"), Simplified,
			"对点校准：第2个测量点H8不在棋盘上", "touch-off: measurement 2: point h8 is not on a board"},
		{"no message", errors.New("engine crashed"), Simplified, "engine crashed", "engine crashed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := (&Printer{Lang: c.lang}).Error(c.err); got != c.want {
				t.Errorf("%v: got  %q\nwant %q", c.lang, got, c.want)
			}
			if got := c.err.Error(); got != c.wantText {
				t.Errorf("Error(): got %q, want %q", got, c.wantText)
			}
			if got := (&Printer{}).Error(c.err); got != c.wantText {
				t.Errorf("English printer %q differs from Error() %q", got, c.wantText)
			}
		})
	}
}

func TestLocalizeKeepsTheChain(t *testing.T) {
	err := fmt.Errorf("opening devices: %w", errmsg.Mark(os.ErrNotExist, "err.cal-missing", "c.yaml"))
	l := Localize(Simplified, err)
	if !errors.Is(l, os.ErrNotExist) {
		t.Error("errors.Is lost the cause")
	}
	var m *errmsg.Error
	if !errors.As(l, &m) || m.Key != "err.cal-missing" {
		t.Error("errors.As lost the message")
	}
	if !strings.HasPrefix(l.Error(), "opening devices: 校准文件：c.yaml不存在") {
		t.Errorf("localized %q", l)
	}
	if Localize(English, err) != err || Localize(Simplified, nil) != nil {
		t.Error("English or nil errors are not returned as they are")
	}
	plain := errors.New("x")
	if Localize(Traditional, plain) != plain {
		t.Error("an error without a message was wrapped")
	}
}

// TestChangeKindsHaveTexts checks the keys game.ChangeKind.Msg builds.
func TestChangeKindsHaveTexts(t *testing.T) {
	for k := game.NoChange; k <= game.Disturbed; k++ {
		if _, ok := catalogue[k.Msg().Key]; !ok {
			t.Errorf("change kind %v: no text %q", k, k.Msg().Key)
		}
	}
}

// TestErrorEnglishIsTheCatalogues checks that each error key's English,
// as its Error method writes it, is the catalogue's English.
func TestErrorEnglishIsTheCatalogues(t *testing.T) {
	en := &Printer{}
	samples := map[string][]any{"text": {"x.yaml"}, "count": {3}, "point": {"h8"}, "points": {"h8 i9", ""},
		"colour": {"black", "white"}, "rule": {"freestyle", "standard", "renju", "caro"}}
	for k, tx := range errmsg.Texts() {
		for n := 0; n < 4; n++ { // each sample of each kind
			args := make([]any, len(tx.Args))
			for i, kind := range tx.Args {
				s, ok := samples[kind]
				if !ok {
					t.Fatalf("%s: argument kind %q: errmsg writes only %v", k, kind, samples)
				}
				args[i] = s[n%len(s)]
			}
			err := errmsg.New(k, args...)
			if got := en.Error(err); got != err.Error() {
				t.Errorf("%s: Error() %q, catalogue %q", k, err.Error(), got)
			}
		}
	}
}

// TestKeysUsedExist reads the packages that word things for people and
// checks each literal key their calls name — errmsg.New/Wrap/Mark/M,
// calibration's msg and fix, a Printer's T and Format — is in the
// catalogue (in every language: TestEveryKeyInEveryLanguage) and is given
// as many arguments as it takes.
func TestKeysUsedExist(t *testing.T) {
	calls := map[string]int{ // function name: the position of the key
		"New": 0, "Wrap": 1, "Mark": 1, "M": 0, "msg": 0, "fix": 0, "T": 0, "Format": 0, "errKey": 0,
	}
	found := 0
	for _, dir := range []string{"../calibration", "../rig", "../game", "../sim", "../referee", "../customs", "../web", "../speech", "../cmd/tengen", "."} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && path != dir {
				return filepath.SkipDir
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				var name string
				switch fn := call.Fun.(type) {
				case *ast.Ident:
					name = fn.Name
				case *ast.SelectorExpr:
					name = fn.Sel.Name
				}
				at, ok := calls[name]
				if (name == "msg" || name == "fix") && dir != "../calibration" {
					return true // the referee's msg takes other arguments
				}
				if !ok || len(call.Args) <= at {
					return true
				}
				lit, ok := call.Args[at].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				key, _ := strconv.Unquote(lit.Value)
				if name == "New" && !strings.HasPrefix(key, "err.") || name == "Format" && !strings.Contains(key, ".") {
					return true // errors.New and fmt-like calls, not keys
				}
				found++
				en, ok := catalogue[key]
				if !ok {
					t.Errorf("%s: %s(%q): no such key in the catalogue", path, name, key)
					return true
				}
				if call.Ellipsis == token.NoPos {
					if got := len(call.Args) - at - 1; got != len(en.args) {
						t.Errorf("%s: %s(%q) with %d arguments; the key takes %d (%v)", path, name, key, got, len(en.args), en.args)
					}
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if found < 80 {
		t.Fatalf("found only %d keyed calls: is the scan stale?", found)
	}
}

// TestRefusalReasons: a refusal the game says as a message's argument
// (game.Reason) is worded in the language when the catalogue has it.
func TestRefusalReasons(t *testing.T) {
	for _, err := range []error{opening.ErrWrongPlayer, opening.ErrNotAllowed, opening.ErrBadPoint, opening.ErrSymmetric,
		opening.ErrBadNumber, opening.ErrDone, fmt.Errorf("%w: move 3 at a1", opening.ErrBadPoint)} {
		if k := game.Reason(err); catalogue[k].text[Simplified] == "" {
			t.Errorf("%v: reason %q has no text", err, k)
		}
	}
	p := &Printer{Lang: Simplified}
	m := game.Message{Key: "takeback-refused", Args: []string{game.Reason(errmsg.New("err.nothing-to-take-back"))}}
	if got := p.Message(m); got != "不能悔棋：没有你的棋可以悔" {
		t.Errorf("takeback refused: %q", got)
	}
	m = game.Message{Key: "takeback-refused", Args: []string{game.Reason(errors.New("the engine said no"))}}
	if got := p.Message(m); got != "不能悔棋：the engine said no" {
		t.Errorf("a reason without a text: %q", got)
	}
}
