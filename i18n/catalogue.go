package i18n

import (
	"fmt"
	"sort"

	"tengen/rules/opening"
)

// Arg is the kind of a message argument: it says how each language
// writes the argument's value.
type Arg string

const (
	ArgPoint   Arg = "point"   // "h8": h8 in English, H8 in Chinese, "H 8" when spoken
	ArgPoints  Arg = "points"  // "h8 i9": a list, "none" when empty
	ArgColour  Arg = "colour"  // "black" or "white"
	ArgCount   Arg = "count"   // a number
	ArgReason  Arg = "reason"  // an outcome code: "five", "forbidden:double-three", "time", …
	ArgKind    Arg = "kind"    // a forbidden kind: "overline", "double-four", "double-three"
	ArgRule    Arg = "rule"    // a rule set: "renju", …
	ArgOpening Arg = "opening" // an opening's number, 1-26
	ArgParity  Arg = "parity"  // "odd" or "even"
	ArgPlayer  Arg = "player"  // a player of an opening protocol: "first" or "second"
	ArgText    Arg = "text"    // free text (a name, an error), shown as it is
	ArgMessage Arg = "message" // a key without arguments, worded; anything else shown as it is (game.Reason)
)

// entry is one key of the catalogue: its arguments and its texts.
type entry struct {
	args []Arg
	text [numLangs]string
}

func e(args []Arg, en, hans, hant string) entry {
	return entry{args: args, text: [numLangs]string{en, hans, hant}}
}

func a(args ...Arg) []Arg { return args }

// GameKeys are the keys that package game emits in Message.Key; each is
// in the catalogue (a test checks it).
var GameKeys = []string{
	"your-move", "robot-move", "robot-pass", "extra-stones", "stone-moved",
	"stone-missing", "stray-lifted", "stray-own", "board-differs", "forbidden-claim", "game-over",
	"time-up", "takeback", "takeback-refused", "takeback-lift", "resigned",
	"wrong-colour", "welcome", "welcome-robot", "fault", "offer", "choose", "place", "pass",
	"swap", "keep", "declare", "opening-step", "opening-refused", "bye", "pairing", "withdrawn", "withdrawn-failing",
	"still-there", "person-left", "unsure", "unclear",
}

// catalogue holds every text. Keys without a prefix are spoken messages
// (the game's and the customs'); "ui." are the page's labels, "cli." the
// terminal's, the rest are terms.
var catalogue = map[string]entry{
	// The game's messages (package game).
	"your-move":  e(a(ArgColour), "Your move ({0}).", "轮到你了（{0}）。", "輪到你了（{0}）。"),
	"robot-move": e(a(ArgPoint), "I play {0}.", "我下{0}。", "我下{0}。"),
	"robot-pass": e(nil, "I pass.", "我放弃这一手。", "我放棄這一手。"),
	"extra-stones": e(a(ArgPoints), "I see more than one new stone ({0}); please leave only your move.",
		"我看到不止一颗新棋子（{0}），请只留下你的一手。", "我看到不止一顆新棋子（{0}），請只留下你的一手。"),
	"stone-moved": e(a(ArgPoint), "The stone on {0} has moved; it goes back on {0}.",
		"{0}的棋子被移动了，要放回{0}。", "{0}的棋子被移動了，要放回{0}。"),
	"stone-missing": e(a(ArgPoints), "My stones on {0} are missing; I will put them back.",
		"我在{0}的棋子不见了，我会放回去。", "我在{0}的棋子不見了，我會放回去。"),
	"stray-lifted": e(a(ArgPoints), "My stones on {0} are off their points; I take them off.",
		"我在{0}的棋子不在交叉点上，我把它们拿走。", "我在{0}的棋子不在交叉點上，我把它們拿走。"),
	"stray-own": e(a(ArgPoints), "My stones on {0} are not in the game; I take them off.",
		"我在{0}的棋子不在棋谱里，我把它们拿走。", "我在{0}的棋子不在棋譜裡，我把它們拿走。"),
	"board-differs": e(a(ArgPoints, ArgPoints), "The board differs from the record: added {0}, gone {1}. Please put it right.",
		"棋盘与棋谱不符：多了{0}，少了{1}。请摆正。", "棋盤與棋譜不符：多了{0}，少了{1}。請擺正。"),
	"forbidden-claim": e(a(ArgPoint, ArgKind), "Black's move on {0} is forbidden ({1}): I claim the game.",
		"黑方{0}是禁手（{1}），白方指出，黑负。", "黑方{0}是禁手（{1}），白方指出，黑負。"),
	"game-over":        e(a(ArgReason), "Game over: {0}.", "对局结束：{0}。", "對局結束：{0}。"),
	"time-up":          e(a(ArgColour), "Time is up for {0}.", "{0}超时。", "{0}超時。"),
	"takeback":         e(nil, "Move taken back.", "已悔棋。", "已悔棋。"),
	"takeback-refused": e(a(ArgMessage), "Takeback refused: {0}", "不能悔棋：{0}", "不能悔棋：{0}"),
	"takeback-lift": e(nil, "Please take the taken-back stones off the board.",
		"请把悔掉的棋子从棋盘上拿走。", "請把悔掉的棋子從棋盤上拿走。"),
	"resigned": e(nil, "You resign.", "你认输了。", "你認輸了。"),
	"unsure": e(a(ArgPoints), "I cannot make out {0} clearly; please set the stone straight on its point.",
		"我看不清{0}；请把棋子摆正在交叉点上。", "我看不清{0}；請把棋子擺正在交叉點上。"),
	"unclear": e(a(ArgPoints), "I cannot see {0} clearly: is something over it, or glare on it? Please clear it or shade the board.",
		"我看不清{0}：上面是不是有东西，或者有反光？请把东西拿开，或者遮挡强光。", "我看不清{0}：上面是不是有東西，或者有反光？請把東西拿開，或者遮擋強光。"),
	"still-there": e(a(ArgColour), "Are you still there? Your move ({0}).", "你还在吗？轮到你了（{0}）。", "你還在嗎？輪到你了（{0}）。"),
	"person-left": e(a(ArgCount), "No move for {0} minutes: I take it you have left. The game is over.",
		"{0}分钟没有落子：我想你已经离开了。对局结束。", "{0}分鐘沒有落子：我想你已經離開了。對局結束。"),

	"wrong-colour": e(a(ArgPoint), "The stone on {0} is the wrong colour; please take it off.",
		"{0}的棋子颜色不对，请拿走。", "{0}的棋子顏色不對，請拿走。"),
	"welcome": e(nil, "Place a black stone anywhere to start a game.",
		"在棋盘上放一颗黑子，对局就开始。", "在棋盤上放一顆黑子，對局就開始。"),
	"welcome-robot": e(nil, "I play the first stone; the game starts with my move.",
		"我先下第一手，对局从我这一手开始。", "我先下第一手，對局從我這一手開始。"),
	"fault": e(nil, "Something went wrong; I have called the operator.",
		"出了点问题，我已经叫了工作人员。", "出了點問題，我已經叫了工作人員。"),
	"fault-retry": e(nil, "Something went wrong; I put it right myself and go on.",
		"出了点问题；我自己处理好后继续。", "出了點問題；我自己處理好後繼續。"),

	// Opening protocols played over the board (said for either side).
	"place":   e(a(ArgPoint), "A stone on {0}.", "落子{0}。", "落子{0}。"),
	"pass":    e(nil, "A pass in the opening.", "开局中弃权一手。", "開局中棄權一手。"),
	"swap":    e(nil, "Colours swapped.", "交换黑白。", "交換黑白。"),
	"keep":    e(nil, "No swap: the colours stay.", "不交换，黑白不变。", "不交換，黑白不變。"),
	"declare": e(a(ArgCount), "{0} fifth-move offers declared.", "声明五手{0}打。", "聲明五手{0}打。"),
	"offer": e(a(ArgPoints), "Fifth moves offered on {0}: one is to be chosen.",
		"五手打点：{0}，请从中选一个。", "五手打點：{0}，請從中選一個。"),
	"choose": e(a(ArgPoint), "The fifth move on {0} is chosen; the other offers come off.",
		"选定{0}为第五手，其余打点拿走。", "選定{0}為第五手，其餘打點拿走。"),
	"opening-step":    e(a(ArgText), "Your turn in the opening: {0}.", "开局轮到你：{0}。", "開局輪到你：{0}。"),
	"opening-refused": e(a(ArgMessage), "Not allowed in the opening: {0}", "开局中不允许：{0}", "開局中不允許：{0}"),

	// The person's step in an opening protocol (StepMessage).
	"step-place-centre": e(a(ArgColour), "Your turn in the opening: a stone for {0} on the centre.",
		"开局轮到你：在天元下{0}的棋子。", "開局輪到你：在天元下{0}的棋子。"),
	"step-place": e(a(ArgColour, ArgCount), "Your turn in the opening: a stone for {0} in the central {1}×{1} square.",
		"开局轮到你：在中央{1}×{1}范围内下{0}的棋子。", "開局輪到你：在中央{1}×{1}範圍內下{0}的棋子。"),
	"step-place-anywhere": e(a(ArgColour), "Your turn in the opening: a stone for {0} anywhere.",
		"开局轮到你：任意位置下{0}的棋子。", "開局輪到你：任意位置下{0}的棋子。"),
	"step-place-or-pass": e(a(ArgColour), "Your turn in the opening: a stone for {0} anywhere, or pass.",
		"开局轮到你：任意位置下{0}的棋子，或者弃权。", "開局輪到你：任意位置下{0}的棋子，或者棄權。"),
	"step-swap": e(nil, "Your turn in the opening: swap colours or keep them.",
		"开局轮到你：选择交换或不交换。", "開局輪到你：選擇交換或不交換。"),
	"step-declare": e(a(ArgCount, ArgCount), "Your turn in the opening: declare how many fifth moves will be offered ({0} to {1}).",
		"开局轮到你：声明五手打点的数目（{0}到{1}个）。", "開局輪到你：聲明五手打點的數目（{0}到{1}個）。"),
	"step-offer": e(a(ArgCount), "Your turn in the opening: offer {0} fifth moves, no two symmetric.",
		"开局轮到你：打出{0}个互不对称的五手点。", "開局輪到你：打出{0}個互不對稱的五手點。"),
	"step-choose": e(nil, "Your turn in the opening: choose one of the offered fifth moves.",
		"开局轮到你：从五手打点中选一个。", "開局輪到你：從五手打點中選一個。"),
	"step-options": e(nil, "Your turn in the opening: choose what to do on the page or with the buttons.",
		"开局轮到你：请在网页上或用按钮选择。", "開局輪到你：請在網頁上或用按鈕選擇。"),

	// Tournaments on the physical board.
	"bye":     e(a(ArgText), "{0} has the bye this round.", "本轮{0}轮空。", "本輪{0}輪空。"),
	"pairing": e(a(ArgText), "Next game: {0}.", "下一局：{0}。", "下一局：{0}。"),
	"withdrawn": e(a(ArgText), "{0} cannot be started: it is withdrawn from the tournament.",
		"{0}无法启动，退出比赛。", "{0}無法啟動，退出比賽。"),
	"withdrawn-failing": e(a(ArgText), "{0} keeps failing: it is withdrawn from the tournament.",
		"{0}屡次出错，退出比赛。", "{0}屢次出錯，退出比賽。"),

	// The referee of two people (package referee).
	"move": e(a(ArgCount, ArgColour, ArgPoint), "{0}. {1} {2}", "第{0}手：{1}{2}", "第{0}手：{1}{2}"),
	"five": e(a(ArgColour, ArgPoint), "{0} makes five with {1}.", "{0}下{1}成五。", "{0}下{1}成五。"),
	"forbidden": e(a(ArgCount, ArgPoint, ArgKind), "Black's move {0} on {1} is forbidden ({2}): White wins.",
		"黑方第{0}手{1}是禁手（{2}），白胜。", "黑方第{0}手{1}是禁手（{2}），白勝。"),
	"forbidden-claimable": e(a(ArgCount, ArgPoint, ArgKind), "Black's move {0} on {1} is forbidden ({2}). White may claim it now, before moving.",
		"黑方第{0}手{1}是禁手（{2}）。白方可以在落子前指出。", "黑方第{0}手{1}是禁手（{2}）。白方可以在落子前指出。"),
	"claim":       e(nil, "White claims the forbidden move.", "白方指出黑方禁手。", "白方指出黑方禁手。"),
	"time":        e(a(ArgColour), "{0}'s time is up.", "{0}超时。", "{0}超時。"),
	"take-offers": e(a(ArgPoints), "Please take the fifth moves not chosen ({0}) off the board.", "请把未选的五手打点（{0}）拿走。", "請把未選的五手打點（{0}）拿走。"),
	"two-in-a-row": e(a(ArgColour, ArgPoint, ArgColour), "{0} moved twice in a row ({1}): it is {2}'s move. Please take the stone off.",
		"{0}连下两手（{1}），现在轮到{2}，请拿走这颗棋子。", "{0}連下兩手（{1}），現在輪到{2}，請拿走這顆棋子。"),
	"extra": e(a(ArgCount, ArgPoints), "I see {0} new stones ({1}); one move at a time, please. Take the extra stones off.",
		"我看到{0}颗新棋子（{1}），请一次只下一手，把多的拿走。", "我看到{0}顆新棋子（{1}），請一次只下一手，把多的拿走。"),
	"occupied": e(a(ArgColour, ArgPoint), "A stone of {0} was laid on {1}, which is taken; please take it off.",
		"{1}已经有棋子了，请把{0}新放的棋子拿走。", "{1}已經有棋子了，請把{0}新放的棋子拿走。"),
	"pushed": e(a(ArgPoint, ArgPoint), "The stone on {0} was pushed to {1}; please put it back on {0}.",
		"{0}的棋子被推到了{1}，请放回{0}。", "{0}的棋子被推到了{1}，請放回{0}。"),
	"pushed-move": e(a(ArgPoint, ArgPoint), "The move stands on {0}, the point first touched; the stone was moved to {1}. Please put it back on {0}.",
		"落子以先落点{0}为准，棋子被移到了{1}，请放回{0}。", "落子以先落點{0}為準，棋子被移到了{1}，請放回{0}。"),
	"lifted": e(a(ArgPoint), "The stone on {0} is gone; please put it back.", "{0}的棋子不见了，请放回去。", "{0}的棋子不見了，請放回去。"),
	"lifted-move": e(a(ArgPoint), "A stone once played cannot be picked up: the move stands on {0}. Please put it back.",
		"落子无悔，这一手已经下在{0}，请放回去。", "落子無悔，這一手已經下在{0}，請放回去。"),
	"wrong": e(a(ArgPoints, ArgPoints), "The board differs from the record: added {0}, gone {1}. Please put it right.",
		"棋盘与棋谱不符：多了{0}，少了{1}。请摆正。", "棋盤與棋譜不符：多了{0}，少了{1}。請擺正。"),
	"scattered": e(a(ArgCount), "The board was knocked: {0} stones are out of place. The clock is stopped; the position is rebuilt from the record.",
		"棋盘被碰乱了：{0}颗棋子移位。计时暂停，按棋谱复盘。", "棋盤被碰亂了：{0}顆棋子移位。計時暫停，按棋譜復盤。"),
	"restored":  e(nil, "The board matches the record again.", "棋盘已经和棋谱一致。", "棋盤已經和棋譜一致。"),
	"confirm":   e(nil, "Here is the position from the record. Please both confirm it.", "这是棋谱上的局面，请双方确认。", "這是棋譜上的局面，請雙方確認。"),
	"confirmed": e(nil, "Position confirmed; the clock runs again.", "局面已确认，继续计时。", "局面已確認，繼續計時。"),
	"rebuild": e(a(ArgCount), "{0} stones are out of place; I will put them back.",
		"{0}颗棋子不在原位，我来放回去。", "{0}顆棋子不在原位，我來放回去。"),
	"fix-remove": e(a(ArgColour, ArgPoint), "Take the stone of {0} on {1} off the board.", "请把{1}的{0}棋子拿走。", "請把{1}的{0}棋子拿走。"),
	"fix-move": e(a(ArgColour, ArgPoint, ArgPoint), "Move the stone of {0} from {1} to {2}.",
		"请把{0}的棋子从{1}移到{2}。", "請把{0}的棋子從{1}移到{2}。"),
	"fix-add":   e(a(ArgColour, ArgPoint), "Put a stone of {0} on {1}.", "请在{1}放一颗{0}的棋子。", "請在{1}放一顆{0}的棋子。"),
	"log-error": e(a(ArgText), "The referee's log could not be written: {0}", "裁判记录无法写入：{0}", "裁判記錄無法寫入：{0}"),
	"opening-over": e(a(ArgPlayer, ArgColour, ArgCount), "The opening is over: {0} plays Black; {1} plays move {2}.",
		"开局结束：{0}执黑，{1}下第{2}手。", "開局結束：{0}執黑，{1}下第{2}手。"),
	"take-off":      e(a(ArgPoint), "Please take the stone on {0} off.", "请把{0}的棋子拿走。", "請把{0}的棋子拿走。"),
	"change-offers": e(nil, "Please change the offers.", "请重新打点。", "請重新打點。"),

	// Whose turn it is in an opening the referee watches (StepMessage).
	"ref-step-place-centre": e(a(ArgPlayer, ArgColour), "Opening, {0}'s turn: a stone of {1} on the centre.",
		"开局轮到{0}：在天元下{1}的棋子。", "開局輪到{0}：在天元下{1}的棋子。"),
	"ref-step-place": e(a(ArgPlayer, ArgColour, ArgCount), "Opening, {0}'s turn: a stone of {1} in the central {2}×{2} square.",
		"开局轮到{0}：在中央{2}×{2}范围内下{1}的棋子。", "開局輪到{0}：在中央{2}×{2}範圍內下{1}的棋子。"),
	"ref-step-place-anywhere": e(a(ArgPlayer, ArgColour), "Opening, {0}'s turn: a stone of {1} anywhere.",
		"开局轮到{0}：任意位置下{1}的棋子。", "開局輪到{0}：任意位置下{1}的棋子。"),
	"ref-step-place-or-pass": e(a(ArgPlayer, ArgColour), "Opening, {0}'s turn: a stone of {1} anywhere, or pass.",
		"开局轮到{0}：任意位置下{1}的棋子，或者弃权。", "開局輪到{0}：任意位置下{1}的棋子，或者棄權。"),
	"ref-step-swap": e(a(ArgPlayer), "Opening, {0}'s turn: swap colours or keep them.",
		"开局轮到{0}：选择交换或不交换。", "開局輪到{0}：選擇交換或不交換。"),
	"ref-step-declare": e(a(ArgPlayer, ArgCount, ArgCount), "Opening, {0}'s turn: declare how many fifth moves will be offered ({1} to {2}).",
		"开局轮到{0}：声明五手打点的数目（{1}到{2}个）。", "開局輪到{0}：聲明五手打點的數目（{1}到{2}個）。"),
	"ref-step-offer": e(a(ArgPlayer, ArgCount), "Opening, {0}'s turn: offer {1} fifth moves, no two symmetric.",
		"开局轮到{0}：打出{1}个互不对称的五手点。", "開局輪到{0}：打出{1}個互不對稱的五手點。"),
	"ref-step-choose": e(a(ArgPlayer), "Opening, {0}'s turn: choose one of the offered fifth moves.",
		"开局轮到{0}：从五手打点中选一个。", "開局輪到{0}：從五手打點中選一個。"),
	"ref-step-options": e(a(ArgPlayer), "Opening, {0}'s turn: choose on the page or with the buttons.",
		"开局轮到{0}：请在网页上或用按钮选择。", "開局輪到{0}：請在網頁上或用按鈕選擇。"),

	// Why the referee refuses a press, a declaration or a stone.
	"refused":            e(a(ArgText), "Not accepted: {0}", "不予接受：{0}", "不予接受：{0}"),
	"no-buttons":         e(nil, "There are no clock buttons in this game.", "本局不用棋钟按钮。", "本局不用棋鐘按鈕。"),
	"clock-not-started":  e(nil, "The clock starts with the main game.", "开局结束后棋钟才开始计时。", "開局結束後棋鐘才開始計時。"),
	"not-your-clock":     e(a(ArgColour), "It is {0}'s time on the clock.", "现在走的是{0}的时间。", "現在走的是{0}的時間。"),
	"press-without-move": e(nil, "The clock was pressed without a move on the board.", "棋盘上没有新的一手，不能按钟。", "棋盤上沒有新的一手，不能按鐘。"),
	"claim-by-white":     e(nil, "Only White claims a forbidden move.", "只有白方可以指出禁手。", "只有白方可以指出禁手。"),
	"nothing-to-claim":   e(nil, "There is no forbidden move to claim.", "没有可以指出的禁手。", "沒有可以指出的禁手。"),
	"nothing-to-confirm": e(nil, "There is nothing to confirm now.", "现在没有需要确认的局面。", "現在沒有需要確認的局面。"),
	"not-in-opening":     e(nil, "That belongs to the opening, which is over.", "开局已经结束，不能再这样做。", "開局已經結束，不能再這樣做。"),
	"game-over-already":  e(nil, "The game is over.", "对局已经结束。", "對局已經結束。"),
	"illegal-move": e(a(ArgCount, ArgColour, ArgPoint), "Move {0}, {1} on {2}, is against the rules; please take it off.",
		"第{0}手{1}下在{2}不合规则，请拿走。", "第{0}手{1}下在{2}不合規則，請拿走。"),
	"opening-wrong-player": e(nil, "It is the other player's turn in the opening.", "开局中还没轮到这一方。", "開局中還沒輪到這一方。"),
	"opening-not-allowed":  e(nil, "That is not allowed at this step of the opening.", "开局这一步不允许这样做。", "開局這一步不允許這樣做。"),
	"opening-bad-point":    e(nil, "That point is not allowed at this step of the opening.", "开局这一步不能下在这个位置。", "開局這一步不能下在這個位置。"),
	"opening-symmetric":    e(nil, "Two of the fifth-move offers are symmetric.", "五手打点中有两个是对称的。", "五手打點中有兩個是對稱的。"),
	"opening-bad-number":   e(nil, "That number of fifth moves is not allowed.", "五手打点的数目不对。", "五手打點的數目不對。"),
	"opening-done":         e(nil, "The opening is already over.", "开局已经结束了。", "開局已經結束了。"),

	// The referee's status on the page.
	"status.to-play": e(a(ArgColour), "{0} to play", "轮到{0}", "輪到{0}"),
	"status.confirm": e(nil, "please both confirm the position", "请双方确认局面", "請雙方確認局面"),

	// Players of an opening protocol before colours are settled (假先, 假后).
	"player.first":  e(nil, "the first player", "假先方", "假先方"),
	"player.second": e(nil, "the second player", "假后方", "假後方"),

	// Results, worded from the outcome (see OutcomeMessage).
	"game-won": e(a(ArgColour, ArgReason, ArgCount), "{0} wins by {1} at move {2}.",
		"{0}胜（{1}），第{2}手。", "{0}勝（{1}），第{2}手。"),
	"game-drawn": e(a(ArgReason, ArgCount), "Draw ({0}) at move {1}.",
		"和棋（{0}），第{1}手。", "和棋（{0}），第{1}手。"),

	// Draws and takebacks by the rules of the event (package customs).
	"draw-offer":    e(nil, "I offer a draw.", "我提和。", "我提和。"),
	"draw-accepted": e(nil, "I accept the draw.", "我同意和棋。", "我同意和棋。"),
	"draw-declined": e(nil, "I decline the draw; let us play on.", "我不同意和棋，我们继续下。", "我不同意和棋，我們繼續下。"),
	"draw-not-allowed": e(nil, "Draw offers are not allowed in tournament games.",
		"比赛对局不能提和。", "比賽對局不能提和。"),
	"takeback-not-allowed": e(nil, "Takebacks are not allowed in tournament games.",
		"比赛对局不能悔棋。", "比賽對局不能悔棋。"),
	"takeback-used-up": e(a(ArgCount), "You have used all {0} takebacks of this game.",
		"本局的{0}次悔棋已经用完了。", "本局的{0}次悔棋已經用完了。"),
	"forbidden-explain": e(a(ArgPoint, ArgKind), "Black on {0} makes {1}, which is forbidden to Black; the lines are shown on the page.",
		"黑方下{0}形成{1}，是禁手；棋形已在网页上标出。", "黑方下{0}形成{1}，是禁手；棋形已在網頁上標出。"),
	"opening-named": e(a(ArgOpening), "The opening is {0}.", "这是{0}开局。", "這是{0}開局。"),
	"time-fours": e(a(ArgCount, ArgCount), "Time is up: Black has {0} fours, White {1}.",
		"时间到：黑方有{0}个四，白方有{1}个四。", "時間到：黑方有{0}個四，白方有{1}個四。"),

	// Deciding who plays Black (猜先).
	"nigiri-hide": e(nil, "Take a handful of stones, keep them hidden, then put them on the board.",
		"请抓一把棋子，先藏在手里，然后放到棋盘上。", "請抓一把棋子，先藏在手裡，然後放到棋盤上。"),
	"nigiri-guess":        e(a(ArgParity), "I guess {0}.", "我猜{0}。", "我猜{0}。"),
	"nigiri-count":        e(a(ArgCount, ArgParity), "I count {0} stones: {1}.", "我数到{0}颗棋子：{1}。", "我數到{0}顆棋子：{1}。"),
	"nigiri-robot-black":  e(nil, "I play Black.", "我执黑先行。", "我執黑先行。"),
	"nigiri-person-black": e(nil, "You play Black.", "你执黑先行。", "你執黑先行。"),
	"nigiri-clear":        e(nil, "I clear the stones away.", "我把棋子收走。", "我把棋子收走。"),
	"nigiri-bowl": e(nil, "I have hidden some stones in the bowl area: odd or even?",
		"我在棋罐区藏了几颗棋子：单还是双？", "我在棋罐區藏了幾顆棋子：單還是雙？"),
	"nigiri-reveal": e(a(ArgCount, ArgParity), "There are {0} stones: {1}.", "一共{0}颗棋子：{1}。", "一共{0}顆棋子：{1}。"),
	"nigiri-disturbed": e(nil, "Please put the handful down without touching the stones already on the board.",
		"放棋子时请不要碰到棋盘上原有的棋子。", "放棋子時請不要碰到棋盤上原有的棋子。"),

	// Matches.
	"match-score": e(a(ArgCount, ArgCount), "The match stands at {0} to {1} (you first).",
		"比分是{0}比{1}（你在前）。", "比分是{0}比{1}（你在前）。"),
	"match-decider": e(nil, "The match is level: one more game decides it.",
		"比分打平，加赛一局决胜负。", "比分打平，加賽一局決勝負。"),
	"match-person-wins": e(nil, "You win the match. Well played!", "你赢了这场比赛，下得好！", "你贏了這場比賽，下得好！"),
	"match-robot-wins":  e(nil, "I win the match. Thank you for the games!", "我赢了这场比赛，谢谢你陪我下棋！", "我贏了這場比賽，謝謝你陪我下棋！"),
	"match-drawn":       e(nil, "The match is drawn.", "这场比赛打成平局。", "這場比賽打成平局。"),
	"match-clear":       e(nil, "I clear the board for the next game.", "我把棋盘收拾好，准备下一局。", "我把棋盤收拾好，準備下一局。"),
	"match-game-person": e(a(ArgCount), "Game {0} of the match: you play first.", "比赛第{0}局：你先行。", "比賽第{0}局：你先行。"),
	"match-game-robot":  e(a(ArgCount), "Game {0} of the match: I play first.", "比赛第{0}局：我先行。", "比賽第{0}局：我先行。"),

	// Levels and the day's streaks.
	"ask-played-before": e(nil, "Have you played Gomoku before?", "你以前下过五子棋吗？", "你以前下過五子棋嗎？"),
	"level-chosen":      e(a(ArgCount), "I will play at level {0}.", "我用{0}级和你下。", "我用{0}級和你下。"),
	"streak":            e(a(ArgText, ArgCount), "{0}, you have won {1} in a row today!", "{0}，你今天已经连胜{1}局！", "{0}，你今天已經連勝{1}局！"),
	"welcome-back": e(a(ArgText, ArgCount, ArgCount), "Welcome back, {0}: today you have won {1} and lost {2}.",
		"{0}，欢迎回来：你今天赢了{1}局，输了{2}局。", "{0}，歡迎回來：你今天贏了{1}局，輸了{2}局。"),

	// The visitors' desk on the page (customs.Desk).
	"visitor.welcome": e(a(ArgText), "Welcome, {0}! Tell me whether you have played before, and I will choose my level.",
		"{0}，欢迎！告诉我你以前下过没有，我来选择难度。", "{0}，歡迎！告訴我你以前下過沒有，我來選擇難度。"),
	"visitor.bad-nick": e(nil, "Please choose a nickname of 1 to 24 letters or digits.",
		"昵称请用1到24个字母或数字。", "暱稱請用1到24個字母或數字。"),
	"visitor.bad-answer": e(nil, "Please choose one of the answers.", "请选择一个回答。", "請選擇一個回答。"),
	"visitor.bad-guess":  e(nil, "Please guess odd or even.", "请猜单或双。", "請猜單或雙。"),
	"visitor.no-guess":   e(nil, "I am not asking for a guess now.", "现在不需要猜。", "現在不需要猜。"),

	// Answers to "have you played before?".
	"answer.never":     e(nil, "Never", "从来没有", "從來沒有"),
	"answer.rules":     e(nil, "I know the rules", "知道规则", "知道規則"),
	"answer.sometimes": e(nil, "I play sometimes", "偶尔下", "偶爾下"),
	"answer.often":     e(nil, "I play often", "经常下", "經常下"),
	"answer.club":      e(nil, "I play in a club or in tournaments", "参加过比赛", "參加過比賽"),

	// Colours, sides and parities.
	"colour.black": e(nil, "Black", "黑方", "黑方"),
	"colour.white": e(nil, "White", "白方", "白方"),
	"parity.odd":   e(nil, "odd", "单", "單"),
	"parity.even":  e(nil, "even", "双", "雙"),
	"none":         e(nil, "none", "无", "無"),

	// Rule sets.
	"rule.freestyle": e(nil, "freestyle", "无禁手", "無禁手"),
	"rule.standard":  e(nil, "standard (exactly five)", "标准规则（长连不算胜）", "標準規則（長連不算勝）"),
	"rule.renju":     e(nil, "renju", "连珠（有禁手）", "連珠（有禁手）"),
	"rule.caro":      e(nil, "caro", "两头堵不算胜", "兩頭堵不算勝"),

	// Forbidden kinds (禁手).
	"kind.overline":     e(nil, "overline", "长连", "長連"),
	"kind.double-four":  e(nil, "double four", "四四", "四四"),
	"kind.double-three": e(nil, "double three", "三三", "三三"),
	"kind.forbidden":    e(nil, "forbidden move", "禁手", "禁手"),

	// How games end.
	"reason.five":        e(nil, "five in a row", "五连", "五連"),
	"reason.forbidden":   e(nil, "forbidden move", "禁手", "禁手"),
	"reason.full-board":  e(nil, "full board", "满盘", "滿盤"),
	"reason.two-passes":  e(nil, "two passes", "双方连续放弃", "雙方連續放棄"),
	"reason.resignation": e(nil, "resignation", "认输", "認輸"),
	"reason.time":        e(nil, "time", "超时", "超時"),
	"reason.fours":       e(nil, "more fours when time ran out", "时间到时四多", "時間到時四多"),
	"reason.agreement":   e(nil, "agreement", "双方同意", "雙方同意"),
	"result.black-wins":  e(nil, "Black wins", "黑胜", "黑勝"),
	"result.white-wins":  e(nil, "White wins", "白胜", "白勝"),
	"result.draw":        e(nil, "draw", "和棋", "和棋"),

	// Terms of the rules.
	"term.five":         e(nil, "five", "五连", "五連"),
	"term.overline":     e(nil, "overline", "长连", "長連"),
	"term.open-four":    e(nil, "straight four", "活四", "活四"),
	"term.four":         e(nil, "four", "冲四", "衝四"),
	"term.open-three":   e(nil, "three", "活三", "活三"),
	"term.double-three": e(nil, "double three", "三三", "三三"),
	"term.double-four":  e(nil, "double four", "四四", "四四"),
	"term.forbidden":    e(nil, "forbidden move", "禁手", "禁手"),
	"term.centre":       e(nil, "centre", "天元", "天元"),
	"term.star":         e(nil, "star point", "星", "星"),
	"term.nigiri":       e(nil, "deciding colours", "猜先", "猜先"),
	"term.swap":         e(nil, "swap after move 3", "三手交换", "三手交換"),
	"term.fifth":        e(nil, "two fifth-move offers", "五手两打", "五手兩打"),
	"term.opening":      e(nil, "opening", "开局", "開局"),
	"term.move":         e(nil, "move", "手", "手"),
	"term.record":       e(nil, "game record", "棋谱", "棋譜"),

	// Record headings (WriteRecord).
	"rec.title":   e(nil, "Game record", "棋谱", "棋譜"),
	"rec.rule":    e(nil, "Rule", "规则", "規則"),
	"rec.opening": e(nil, "Opening", "开局", "開局"),
	"rec.black":   e(nil, "Black", "黑方", "黑方"),
	"rec.white":   e(nil, "White", "白方", "白方"),
	"rec.result":  e(nil, "Result", "结果", "結果"),
	"rec.date":    e(nil, "Date", "日期", "日期"),
	"rec.event":   e(nil, "Event", "赛事", "賽事"),
	"rec.size":    e(nil, "Board", "棋盘", "棋盤"),
	"rec.moves":   e(nil, "Moves", "着法", "著法"),
	"rec.pass":    e(nil, "pass", "放弃", "放棄"),
	"rec.unknown": e(nil, "unknown", "未知", "未知"),
	"rec.resign":  e(nil, "resignation", "认输", "認輸"),
	"rec.time":    e(nil, "time", "超时", "超時"),
	"rec.forfeit": e(nil, "forfeit", "弃权", "棄權"),

	// The web page.
	"ui.language":         e(nil, "Language", "语言", "語言"),
	"ui.connecting":       e(nil, "connecting…", "连接中…", "連線中…"),
	"ui.connection-lost":  e(nil, "connection lost, retrying…", "连接中断，正在重试…", "連線中斷，正在重試…"),
	"ui.paused":           e(nil, "(paused)", "（暂停）", "（暫停）"),
	"ui.move-numbers":     e(nil, "move numbers", "显示手数", "顯示手數"),
	"ui.chinese-numbers":  e(nil, "Black's numbers circled", "黑棋序号加圈", "黑棋序號加圈"),
	"ui.evaluation":       e(nil, "Evaluation", "形势判断", "形勢判斷"),
	"ui.depth":            e(nil, "depth", "深度", "深度"),
	"ui.moves":            e(nil, "Moves", "着法", "著法"),
	"ui.messages":         e(nil, "Robot says", "机器人说", "機器人說"),
	"ui.camera":           e(nil, "Camera", "摄像头", "攝影機"),
	"ui.standings":        e(nil, "Standings", "排名", "排名"),
	"ui.rank":             e(nil, "#", "名次", "名次"),
	"ui.player":           e(nil, "player", "棋手", "棋手"),
	"ui.score":            e(nil, "score", "积分", "積分"),
	"ui.buchholz":         e(nil, "Buchholz", "对手分", "對手分"),
	"ui.games":            e(nil, "games", "局数", "局數"),
	"ui.operator":         e(nil, "Operator", "工作人员", "工作人員"),
	"ui.token":            e(nil, "operator token", "操作口令", "操作口令"),
	"ui.start":            e(nil, "start", "开始", "開始"),
	"ui.pause":            e(nil, "pause", "暂停", "暫停"),
	"ui.resume":           e(nil, "resume", "继续", "繼續"),
	"ui.swap":             e(nil, "swap", "交换", "交換"),
	"ui.takeback":         e(nil, "takeback", "悔棋", "悔棋"),
	"ui.resign":           e(nil, "resign", "认输", "認輸"),
	"ui.draw":             e(nil, "offer a draw", "提和", "提和"),
	"ui.ack":              e(nil, "acknowledge fault", "确认故障", "確認故障"),
	"ui.park":             e(nil, "park arm", "机械臂归位", "機械臂歸位"),
	"ui.done":             e(nil, "done", "完成", "完成"),
	"ui.events":           e(nil, "Events", "事件", "事件"),
	"ui.forbidden-shape":  e(nil, "Forbidden shape", "禁手棋形", "禁手棋形"),
	"ui.status.thinking":  e(nil, "thinking", "思考中", "思考中"),
	"ui.status.placing":   e(nil, "placing a stone", "正在落子", "正在落子"),
	"ui.status.your-move": e(nil, "your move", "请你落子", "請你落子"),
	"ui.status.paused":    e(nil, "paused", "已暂停", "已暫停"),
	"ui.status.resumed":   e(nil, "resumed", "已继续", "已繼續"),
	"ui.status.fault":     e(nil, "fault: waiting for the operator (resume once it is put right)", "故障：等待工作人员（处理好后点继续）", "故障：等待工作人員（處理好後點繼續）"),
	"ui.status.waiting":   e(nil, "waiting for the board to be put right", "等待摆正棋盘", "等待擺正棋盤"),
	"ui.status.starting":  e(nil, "starting", "启动中", "啟動中"),

	// The calibration page (tengen calibrate page).
	"ui.cal.title":        e(nil, "Calibration", "校准", "校準"),
	"ui.cal.board":        e(nil, "Board", "棋盘", "棋盤"),
	"ui.cal.picture":      e(nil, "take a picture", "拍一张照片", "拍一張照片"),
	"ui.cal.size":         e(nil, "lines", "路数", "路數"),
	"ui.cal.find":         e(nil, "find the corners", "自动找角", "自動找角"),
	"ui.cal.clear":        e(nil, "click them instead", "改为手动点选", "改為手動點選"),
	"ui.cal.save-corners": e(nil, "save the corners", "保存四角", "保存四角"),
	"ui.cal.corners-hint": e(nil, "Drag a corner onto the outermost grid line's corner, or click the four corners, any order.", "把角点拖到最外侧棋盘线的角上，或依任意顺序点选四个角。", "把角點拖到最外側棋盤線的角上，或依任意順序點選四個角。"),
	"ui.cal.lens":         e(nil, "Lens (optional)", "镜头（可选）", "鏡頭（可選）"),
	"ui.cal.chessboard":   e(nil, "chessboard's inner corners", "棋盘格内角数", "棋盤格內角數"),
	"ui.cal.square":       e(nil, "square, mm", "方格边长（毫米）", "方格邊長（毫米）"),
	"ui.cal.view":         e(nil, "take a chessboard view", "拍一张棋盘格", "拍一張棋盤格"),
	"ui.cal.views":        e(nil, "views", "张", "張"),
	"ui.cal.camera":       e(nil, "calibrate the lens", "校准镜头", "校準鏡頭"),
	"ui.cal.file":         e(nil, "Calibration file", "校准文件", "校準檔案"),
	"ui.cal.steps":        e(nil, "Guided steps", "引导步骤", "引導步驟"),
	"ui.cal.servos":       e(nil, "servos", "舵机", "伺服機"),
	"ui.cal.arm":          e(nil, "touch-off", "对点", "對點"),
	"ui.cal.verify":       e(nil, "verify", "检验", "檢驗"),
	"ui.cal.step-mm":      e(nil, "mm a press", "每次毫米数", "每次毫米數"),
	"ui.cal.ok":           e(nil, "ok, it is there", "好，到位了", "好，到位了"),
	"ui.cal.answer":       e(nil, "answer", "回答", "回答"),
	"ui.cal.send":         e(nil, "send", "发送", "發送"),
	"ui.cal.stop":         e(nil, "stop the step", "停止这一步", "停止這一步"),

	// The page's opening controls: the person's decisions in an opening protocol.
	"ui.opening":             e(nil, "Opening", "开局", "開局"),
	"ui.opening.robot":       e(nil, "The robot is deciding its step of the opening.", "机器人正在决定开局的这一步。", "機器人正在決定開局的這一步。"),
	"ui.opening.keep":        e(nil, "keep the colours", "不交换", "不交換"),
	"ui.opening.swap":        e(nil, "swap the colours", "交换黑白", "交換黑白"),
	"ui.opening.pass":        e(nil, "pass", "弃权一手", "棄權一手"),
	"ui.opening.declare":     e(nil, "declare", "声明", "聲明"),
	"ui.opening.number":      e(nil, "fifth moves to offer", "五手打点数", "五手打點數"),
	"ui.opening.offer":       e(nil, "I will put my offers down", "我来摆五手打点", "我來擺五手打點"),
	"ui.opening.offers":      e(a(ArgPoints), "Offered fifth moves: {0}", "五手打点：{0}", "五手打點：{0}"),
	"ui.opening.choose-hint": e(nil, "Click an offered stone to choose it.", "点击一个打点选择它。", "點擊一個打點選擇它。"),

	"ui.visitor":      e(nil, "Visitor", "来宾", "來賓"),
	"ui.nickname":     e(nil, "nickname", "昵称", "暱稱"),
	"ui.hello":        e(nil, "that's me", "就是我", "就是我"),
	"ui.today":        e(a(ArgCount, ArgCount, ArgCount), "Today: {0} won, {1} lost, {2} drawn", "今天：赢{0}局，输{1}局，和{2}局", "今天：贏{0}局，輸{1}局，和{2}局"),
	"ui.streak":       e(a(ArgCount), "winning streak: {0}", "连胜{0}局", "連勝{0}局"),
	"ui.level":        e(a(ArgCount), "your next game: level {0}", "下一局：{0}级", "下一局：{0}級"),
	"ui.guess":        e(nil, "Odd or even?", "单还是双？", "單還是雙？"),
	"ui.review":       e(nil, "Review of the last game", "上一局复盘", "上一局復盤"),
	"ui.review-title": e(nil, "Game review", "对局复盘", "對局復盤"),
	"ui.turn":         e(a(ArgCount, ArgColour), "The game turned at move {0} ({1}).", "第{0}手（{1}）是胜负手。", "第{0}手（{1}）是勝負手。"),
	"ui.win-line":     e(nil, "winning line", "连五", "連五"),
	"ui.download-sgf": e(nil, "Download the record (SGF)", "下载棋谱（SGF）", "下載棋譜（SGF）"),
	"ui.scan":         e(nil, "Scan to open this page on your phone", "用手机扫码打开本页", "用手機掃碼打開本頁"),
	"ui.no-review":    e(nil, "No game to review yet.", "还没有可以复盘的对局。", "還沒有可以復盤的對局。"),
	"ui.back":         e(nil, "back to the game", "返回对局", "返回對局"),

	// The terminal.
	"cli.record-saved": e(a(ArgText), "Record saved to {0}.", "棋谱已保存到{0}。", "棋譜已儲存到{0}。"),
	"cli.resuming":     e(a(ArgText), "Resuming the game from {0}.", "从{0}继续对局。", "從{0}繼續對局。"),
	"cli.resuming-at":  e(a(ArgText, ArgCount), "Resuming {0} after move {1}.", "从{0}第{1}手之后继续对局。", "從{0}第{1}手之後繼續對局。"),
	"cli.cannot-resume": e(a(ArgText), "{0} was left unfinished but does not say which side the robot plays: it stays as it is; the exhibition goes on with the next visitor.",
		"{0}未下完，但没有记下机器人执哪一方：保持原样；展览从下一位访客继续。", "{0}未下完，但沒有記下機器人執哪一方：保持原樣；展覽從下一位訪客繼續。"),
	"cli.operator-fault": e(a(ArgText), "Fault: {0}. Operator: put it right, then press Enter (or resume on the page) to go on.",
		"故障：{0}。工作人员：处理好后按回车（或在网页上点继续）继续。", "故障：{0}。工作人員：處理好後按Enter（或在網頁上點繼續）繼續。"),
	"cli.fault-resuming": e(a(ArgText), "Fault: {0}; resuming.", "故障：{0}；继续对局。", "故障：{0}；繼續對局。"),
	"cli.fault-self-resume": e(a(ArgText), "Fault: {0}. The robot gets past it by itself: homing and resuming in a moment.",
		"故障：{0}。机器人自己处理：稍后归位并继续对局。", "故障：{0}。機器人自己處理：稍後歸位並繼續對局。"),
	"cli.game-opening": e(a(ArgRule, ArgText, ArgText, ArgText, ArgText), "{0}, opening {1}: {2} (first player) against {3}; journal {4}",
		"{0}，开局规则{1}：{2}（假先方）对{3}；对局日志{4}", "{0}，開局規則{1}：{2}（假先方）對{3}；對局日誌{4}"),
	"cli.game-start": e(a(ArgRule, ArgText, ArgText, ArgText), "{0}: {1} (Black) against {2} (White); journal {3}",
		"{0}：{1}（执黑）对{2}（执白）；对局日志{3}", "{0}：{1}（執黑）對{2}（執白）；對局日誌{3}"),
	"cli.visitor-sits": e(a(ArgText, ArgCount, ArgColour), "{0} (level {1}) sits down and plays {2}.",
		"{0}（{1}级）入座，执{2}。", "{0}（{1}級）入座，執{2}。"),
	"cli.visitor-result":   e(a(ArgCount, ArgText), "Visitor {0}: {1}", "第{0}位来宾：{1}", "第{0}位來賓：{1}"),
	"cli.final-standings":  e(nil, "Final standings:", "最终排名：", "最終排名："),
	"cli.visitor-start":    e(a(ArgText), "{0}: place the first stone to start.", "{0}：放下第一颗棋子开始对局。", "{0}：放下第一顆棋子開始對局。"),
	"cli.nigiri-ask":       e(nil, "Your guess, odd or even (单 or 双), then Enter:", "请猜单还是双（单/双 或 odd/even），然后按回车：", "請猜單還是雙（單/雙 或 odd/even），然後按Enter："),
	"cli.nigiri-sim-guess": e(a(ArgParity), "The simulated person guesses {0}.", "模拟的对手猜{0}。", "模擬的對手猜{0}。"),
	"cli.nigiri-page-wait": e(a(ArgCount), "Guess on the page's visitors' panel within {0} s, or the simulated person guesses.",
		"请在{0}秒内在网页的来宾面板上猜，否则由模拟的对手来猜。", "請在{0}秒內在網頁的來賓面板上猜，否則由模擬的對手來猜。"),
	"cli.nigiri-page-guess": e(a(ArgParity), "The page's guess: {0}.", "网页上猜的是{0}。", "網頁上猜的是{0}。"),
	"cli.page":              e(a(ArgText), "The web page is at {0}.", "网页地址：{0}", "網頁網址：{0}"),
	"cli.no-voice":          e(a(ArgText), "No voice ({0}): the robot speaks as text only.", "没有语音（{0}）：机器人只显示文字。", "沒有語音（{0}）：機器人只顯示文字。"),
	"cli.sheet-saved":       e(a(ArgText), "Score sheet saved to {0}.", "记录表已保存到{0}。", "記錄表已儲存到{0}。"),
	"cli.log-saved":         e(a(ArgText), "Referee's log saved to {0}.", "裁判记录已保存到{0}。", "裁判記錄已儲存到{0}。"),
	"cli.rebuilt":           e(a(ArgCount), "The position is rebuilt ({0} stones):", "局面已复原（{0}颗棋子）：", "局面已復原（{0}顆棋子）："),
	"cli.laid-out":          e(a(ArgCount), "The position is laid out ({0} stones):", "局面已摆好（{0}颗棋子）：", "局面已擺好（{0}顆棋子）："),
	"cli.enter-to-confirm":  e(nil, "Both players: press Enter to confirm the position.", "请双方确认局面后按回车。", "請雙方確認局面後按Enter。"),
	"cli.confirmed":         e(nil, "Confirmed.", "已确认。", "已確認。"),
	"cli.enter-to-clear":    e(nil, "Press Enter to clear the board.", "按回车清空棋盘。", "按Enter清空棋盤。"),
	"cli.cleared":           e(nil, "The board is clear.", "棋盘已清空。", "棋盤已清空。"),
	"cli.referee-keys": e(nil, `Type "confirm", "claim", "black" or "white" and Enter.`,
		`输入 "confirm"（确认）、"claim"（指出禁手）、"black" 或 "white"（按钟）后按回车。`,
		`輸入 "confirm"（確認）、"claim"（指出禁手）、"black" 或 "white"（按鐘）後按Enter。`),
	"cli.four":           e(a(ArgColour, ArgPoints, ArgPoints), "{0} four: {1}, completed by {2}", "{0}冲四：{1}，成五点{2}", "{0}衝四：{1}，成五點{2}"),
	"cli.open-four":      e(a(ArgColour, ArgPoints, ArgPoints), "{0} straight four: {1}, completed by {2}", "{0}活四：{1}，成五点{2}", "{0}活四：{1}，成五點{2}"),
	"cli.fours-count":    e(a(ArgCount, ArgCount, ArgText), "Fours: Black {0}, White {1}; {2}.", "黑方{0}个四，白方{1}个四：{2}。", "黑方{0}個四，白方{1}個四：{2}。"),
	"cli.explain":        e(a(ArgPoint, ArgKind), "Black on {0} makes {1}, forbidden to Black:", "黑方下{0}形成{1}，是禁手：", "黑方下{0}形成{1}，是禁手："),
	"cli.review-on-page": e(nil, "The game's review is on the page (Ctrl-C ends).", "对局复盘已在网页上（按Ctrl-C结束）。", "對局復盤已在網頁上（按Ctrl-C結束）。"),
	"cli.game":           e(a(ArgCount), "Game {0}", "第{0}局", "第{0}局"),
}

// traditionalOpenings are the opening names in Traditional characters, by
// number; package opening holds the Simplified ones and the romaji.
var traditionalOpenings = [26]string{
	"寒星", "溪月", "疏星", "花月", "殘月", "雨月", "金星", "松月", "丘月", "新月", "瑞星", "山月", "游星",
	"長星", "峽月", "恆星", "水月", "流星", "雲月", "浦月", "嵐月", "銀月", "明星", "斜月", "名月", "彗星",
}

func init() {
	for _, o := range opening.All() {
		catalogue[openingKey(o.Number)] = e(nil, o.Name, o.Chinese, traditionalOpenings[o.Number-1])
	}
}

func openingKey(n int) string { return fmt.Sprintf("opening.%d", n) }

// Keys returns every key of the catalogue, sorted.
func Keys() []string {
	keys := make([]string, 0, len(catalogue))
	for k := range catalogue {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Args returns the argument kinds of key, and whether key exists.
func Args(key string) ([]Arg, bool) {
	en, ok := catalogue[key]
	return append([]Arg(nil), en.args...), ok
}
