package i18n_test

import (
	"errors"
	"fmt"
	"os"

	"tengen/calibration"
	"tengen/game"
	"tengen/i18n"
	"tengen/rules"
	"tengen/rules/record"
)

// The same message of the game in the three languages.
func ExamplePrinter_Message() {
	m := game.Message{Key: "forbidden-claim", Args: []string{"h8"}, Text: "h8 is a forbidden move (double-three): I claim the game."}
	for _, lang := range []string{"en", "zh-Hans", "zh-Hant"} {
		p, _ := i18n.NewPrinter(lang)
		fmt.Println(p.Message(m))
	}
	// Output:
	// Black's move on h8 is forbidden (double three): I claim the game.
	// 黑方H8是禁手（三三），白方指出，黑负。
	// 黑方H8是禁手（三三），白方指出，黑負。
}

// A terminal voice prints what the robot says in the chosen language.
func ExampleTerminalVoice() {
	v := &i18n.TerminalVoice{P: &i18n.Printer{Lang: i18n.Simplified}, W: os.Stdout}
	v.Say(game.Message{Key: "robot-move", Args: []string{"i9"}})
	v.Say(i18n.OutcomeMessage(rules.Outcome{Over: true, Winner: rules.Black, Reason: rules.Five, Move: 29}))
	// Output:
	// 我下I9。
	// 黑方胜（五连），第29手。
}

// A record in the Chinese notation: Black's numbers circled.
func ExampleWriteRecord() {
	pts, _ := rules.ParsePoints("h8 h9 i9 g7 j10", 15)
	r := &record.Record{Size: 15, Rule: rules.Renju, Moves: record.Alternate(pts), Result: record.Result{Winner: rules.Black}}
	out, _ := i18n.WriteRecord(r, &i18n.Printer{Lang: i18n.Simplified})
	fmt.Print(string(out))
	// Output:
	// 棋谱
	// 棋盘：15×15
	// 规则：连珠（有禁手）
	// 开局：花月
	// 结果：黑胜
	// 着法：
	// ① H8  2 H9  ③ I9  4 G7  ⑤ J10
}

// An error meant for a person, worded in each language with its detail
// (the file, the field) kept; errors.Is still sees its cause.
func ExamplePrinter_Error() {
	_, err := calibration.Load("/etc/tengen/none.yaml")
	for _, l := range i18n.Langs {
		fmt.Println((&i18n.Printer{Lang: l}).Error(err))
	}
	fmt.Println(errors.Is(i18n.Localize(i18n.Simplified, err), os.ErrNotExist))
	// Output:
	// calibration: /etc/tengen/none.yaml does not exist (fix: run `tengen calibrate`, or `tengen calibrate defaults > /etc/tengen/none.yaml` for the simulator)
	// 校准文件：/etc/tengen/none.yaml不存在（修正方法：运行`tengen calibrate`；模拟器可用`tengen calibrate defaults > /etc/tengen/none.yaml`）
	// 校準檔案：/etc/tengen/none.yaml不存在（修正方法：執行`tengen calibrate`；模擬器可用`tengen calibrate defaults > /etc/tengen/none.yaml`）
	// true
}
