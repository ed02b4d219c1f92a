package errmsg

// text is one key's argument kinds and its texts in English, Simplified
// and Traditional Chinese.
type text struct {
	args           []string
	en, hans, hant string
}

func t(args []string, en, hans, hant string) text { return text{args, en, hans, hant} }

func a(kinds ...string) []string { return kinds }

// Argument kinds, as package i18n names them.
const (
	txt   = "text"  // shown as it is (a path, a field, a number with its unit)
	count = "count" // a number
	point = "point" // a board point, "h8"
)

// texts are the error messages people read. Where an error names a file,
// a line, a field or a device, so does every language.
var texts = map[string]text{
	// The calibration file (package calibration).
	"err.cal-field": t(a(txt, txt, txt), "calibration: {0}: {1} (fix: {2})",
		"校准文件：{0}：{1}（修正方法：{2}）", "校準檔案：{0}：{1}（修正方法：{2}）"),
	"err.cal-missing": t(a(txt), "calibration: {0} does not exist (fix: run `tengen calibrate`, or `tengen calibrate defaults > {0}` for the simulator)",
		"校准文件：{0}不存在（修正方法：运行`tengen calibrate`；模拟器可用`tengen calibrate defaults > {0}`）",
		"校準檔案：{0}不存在（修正方法：執行`tengen calibrate`；模擬器可用`tengen calibrate defaults > {0}`）"),
	"err.cal-unreadable": t(nil, "calibration: the file cannot be read", "校准文件：无法读取", "校準檔案：無法讀取"),
	"err.cal-yaml": t(a(txt), "calibration: not valid YAML: {0} (fix: repair that line, or restore the last good file; `tengen calibrate defaults` prints a valid one)",
		"校准文件：不是有效的YAML：{0}（修正方法：改正那一行，或恢复上一个正确的文件；`tengen calibrate defaults`会输出一个有效的文件）",
		"校準檔案：不是有效的YAML：{0}（修正方法：改正那一行，或還原上一個正確的檔案；`tengen calibrate defaults`會輸出一個有效的檔案）"),
	"err.cal-decode": t(a(txt, txt), "calibration: {0}{1} (fix: correct the field's name or value; `tengen calibrate defaults` prints a valid file)",
		"校准文件：{0}{1}（修正方法：改正字段的名称或值；`tengen calibrate defaults`会输出一个有效的文件）",
		"校準檔案：{0}{1}（修正方法：改正欄位的名稱或值；`tengen calibrate defaults`會輸出一個有效的檔案）"),
	"err.cal-culprit": t(a(txt, count), "{0} (line {1}): ", "{0}（第{1}行）：", "{0}（第{1}行）："),

	// What is wrong with a field of the calibration file.
	"err.cal.empty":           t(nil, "the file is empty", "文件是空的", "檔案是空的"),
	"err.cal.not-sections":    t(nil, "not a mapping of sections", "不是由各节组成的映射", "不是由各節組成的映射"),
	"err.cal.missing":         t(nil, "missing", "缺少", "缺少"),
	"err.cal.version-newer":   t(a(count, count), "{0} is newer than this program understands ({1})", "版本{0}比本程序能读的版本（{1}）新", "版本{0}比本程式能讀的版本（{1}）新"),
	"err.cal.version-unknown": t(a(count), "{0} is not a known version", "{0}不是已知的版本", "{0}不是已知的版本"),
	"err.cal.resolution":      t(a(count, count), "{0}x{1} is not a camera resolution", "{0}x{1}不是摄像头的分辨率", "{0}x{1}不是攝影機的解析度"),
	"err.cal.matrix-size": t(a(count), "has {0} numbers, want 9 (3x3, row-major) or none",
		"有{0}个数，应为9个（3x3，按行排列）或不填", "有{0}個數，應為9個（3x3，按列排列）或不填"),
	"err.cal.matrix": t(nil, "is not a camera matrix (focal lengths must be positive, the last entry 1)",
		"不是摄像头矩阵（焦距必须为正，最后一项为1）", "不是攝影機矩陣（焦距必須為正，最後一項為1）"),
	"err.cal.distortion-size": t(a(count), "has {0} coefficients, want 4, 5, 8, 12 or 14 (OpenCV's models) or none",
		"有{0}个系数，应为4、5、8、12或14个（OpenCV的模型）或不填", "有{0}個係數，應為4、5、8、12或14個（OpenCV的模型）或不填"),
	"err.cal.distortion-alone": t(nil, "is set without camera.matrix", "填了但没有camera.matrix", "填了但沒有camera.matrix"),
	"err.cal.not-finite":       t(nil, "holds a number that is not finite", "含有非有限的数值", "含有非有限的數值"),
	"err.cal.board-size":       t(a(count), "{0} is not a board size (5-25 lines)", "{0}不是棋盘的大小（应为5到25路）", "{0}不是棋盤的大小（應為5到25路）"),
	"err.cal.no-corners": t(nil, "missing (the board has not been located in the camera image)",
		"缺少（还没有在摄像头画面中找到棋盘）", "缺少（還沒有在攝影機畫面中找到棋盤）"),
	"err.cal.corner-outside": t(a(txt, txt, count, count), "({0}, {1}) lies far outside the {2}x{3} image",
		"（{0}, {1}）远在{2}x{3}的画面之外", "（{0}, {1}）遠在{2}x{3}的畫面之外"),
	"err.cal.corners-flat": t(nil, "the four corners enclose almost no area (repeated or in a line)",
		"四个角几乎围不出面积（有重复或在一条线上）", "四個角幾乎圍不出面積（有重複或在一條線上）"),
	"err.cal.geometry": t(nil, "f, e, rf and re must all be positive lengths in mm",
		"f、e、rf和re都必须是以毫米为单位的正数", "f、e、rf和re都必須是以公釐為單位的正數"),
	"err.cal.forearm": t(a(txt, txt), "forearm {0} mm is not longer than the upper arm {1} mm",
		"前臂{0}毫米不比上臂{1}毫米长", "前臂{0}公釐不比上臂{1}公釐長"),
	"err.cal.zero": t(nil, "is zero", "是零", "是零"),
	"err.cal.pulse-range": t(a(txt, txt), "pulse limits {0}-{1} µs are not a range within 400-2600",
		"脉宽范围{0}-{1}微秒不在400-2600之内", "脈寬範圍{0}-{1}微秒不在400-2600之內"),
	"err.cal.zero-outside": t(a(txt), "{0} µs lies outside min_us..max_us", "{0}微秒超出了min_us到max_us的范围", "{0}微秒超出了min_us到max_us的範圍"),
	"err.cal.grid-step":    t(a(txt), "one grid step is {0} mm, not 10-40 mm", "一格是{0}毫米，不在10到40毫米之间", "一格是{0}公釐，不在10到40公釐之間"),
	"err.cal.z-up": t(nil, "a place has z >= 0: z points up from the servo platform, so every place is below it",
		"有位置的z >= 0：z轴从舵机平台向上，所有位置都应在它下方", "有位置的z >= 0：z軸從伺服機平台向上，所有位置都應在它下方"),
	"err.cal.positive": t(nil, "must be positive", "必须为正数", "必須為正數"),

	// Calibration steps (package calibration).
	"err.touchoff-few": t(a(count), "touch-off: {0} measurements, want at least 4 (the corners and the centre)",
		"对点校准：只有{0}个测量点，至少需要4个（四个角和中心）", "對點校準：只有{0}個測量點，至少需要4個（四個角和中心）"),
	"err.touchoff-off-board": t(a(count, point), "touch-off: measurement {0}: point {1} is not on a board",
		"对点校准：第{0}个测量点{1}不在棋盘上", "對點校準：第{0}個測量點{1}不在棋盤上"),
	"err.touchoff-nan": t(a(count, point, txt), "touch-off: measurement {0} at {1}: nozzle position {2} is not a number",
		"对点校准：第{0}个测量点{1}：吸嘴位置{2}不是数", "對點校準：第{0}個測量點{1}：吸嘴位置{2}不是數"),
	"err.touchoff-line": t(nil, "touch-off: the measured points lie on one line; touch points spread over the board (corners and centre)",
		"对点校准：测量点都在一条线上；请在整个棋盘上分散取点（四个角和中心）", "對點校準：測量點都在一條線上；請在整個棋盤上分散取點（四個角和中心）"),
	"err.lens-pattern": t(a(count, count, txt), "calibration: chessboard {0}x{1} inner corners of {2} mm squares is not a pattern (need at least 3x3 and a positive size)",
		"校准：{0}x{1}个内角、每格{2}毫米的棋盘格不成图案（至少3x3，格子大小为正）", "校準：{0}x{1}個內角、每格{2}公釐的棋盤格不成圖案（至少3x3，格子大小為正）"),
	"err.lens-view-size": t(a(count, count, count, count, count), "calibration: view {0} is {1}x{2}, the first is {3}x{4} (use one camera mode for all views)",
		"校准：第{0}张画面是{1}x{2}，第一张是{3}x{4}（所有画面请用同一种摄像头模式）", "校準：第{0}張畫面是{1}x{2}，第一張是{3}x{4}（所有畫面請用同一種攝影機模式）"),
	"err.lens-few-views": t(a(count, count, count, count), "calibration: the {0}x{1} chessboard was found in {2} of {3} views; need at least 3 (show the whole board, well lit, at several tilts)",
		"校准：{3}张画面中只有{2}张找到{0}x{1}的棋盘格，至少需要3张（整个棋盘格入镜、光线充足、换几个倾斜角度）", "校準：{3}張畫面中只有{2}張找到{0}x{1}的棋盤格，至少需要3張（整個棋盤格入鏡、光線充足、換幾個傾斜角度）"),

	// How to fix a field of the calibration file.
	"err.cal.fix-restore": t(nil, "run `tengen calibrate` or restore the last good file",
		"运行`tengen calibrate`，或恢复上一个正确的文件", "執行`tengen calibrate`，或還原上一個正確的檔案"),
	"err.cal.fix-from-defaults": t(nil, "start from `tengen calibrate defaults` and edit that",
		"以`tengen calibrate defaults`的输出为基础再修改", "以`tengen calibrate defaults`的輸出為基礎再修改"),
	"err.cal.fix-add-version": t(a(count), "add `version: {0}` at the top", "在文件开头加上`version: {0}`", "在檔案開頭加上`version: {0}`"),
	"err.cal.fix-set-version": t(a(count), "set `version: {0}` and recalibrate", "改为`version: {0}`并重新校准", "改為`version: {0}`並重新校準"),
	"err.cal.fix-camera": t(nil, "run `tengen calibrate camera` (or copy the camera section from `tengen calibrate defaults`)",
		"运行`tengen calibrate camera`（或从`tengen calibrate defaults`复制camera一节）", "執行`tengen calibrate camera`（或從`tengen calibrate defaults`複製camera一節）"),
	"err.cal.fix-run":             t(a(txt), "run `{0}`", "运行`{0}`", "執行`{0}`"),
	"err.cal.fix-run-two":         t(a(txt, txt), "run `{0}` and `{1}`", "运行`{0}`和`{1}`", "執行`{0}`和`{1}`"),
	"err.cal.fix-run-delete":      t(a(txt), "run `{0}` or delete the field", "运行`{0}`，或删除这个字段", "執行`{0}`，或刪除這個欄位"),
	"err.cal.fix-run-delete-both": t(a(txt), "run `{0}` or delete both", "运行`{0}`，或把两项都删除", "執行`{0}`，或把兩項都刪除"),
	"err.cal.fix-touch-off":       t(a(txt), "run `{0}` (touch-off)", "运行`{0}`（对点校准）", "執行`{0}`（對點校準）"),
	"err.cal.fix-see":             t(nil, "see `tengen calibrate defaults`", "参看`tengen calibrate defaults`", "參看`tengen calibrate defaults`"),
	"err.cal.fix-update":          t(nil, "update tengen", "升级tengen", "升級tengen"),
	"err.cal.fix-frame":           t(nil, "set the frame size, e.g. 1280 and 720", "设置画面大小，例如1280和720", "設定畫面大小，例如1280和720"),
	"err.cal.fix-size":            t(nil, "set `size: 15` for the robot's board", "机器人的棋盘请设为`size: 15`", "機器人的棋盤請設為`size: 15`"),
	"err.cal.fix-measure":         t(nil, "measure the arm (README: the hardware)", "测量机械臂（见README的硬件一节）", "測量機械臂（見README的硬體一節）"),
	"err.cal.fix-lengths": t(nil, "check the lengths (the seed design has rf 100, re 450)",
		"检查长度（参考设计为rf 100、re 450）", "檢查長度（參考設計為rf 100、re 450）"),
	"err.cal.fix-pulses": t(nil, "set min_us and max_us to your servo's range, e.g. 500 and 2500",
		"把min_us和max_us设为舵机的范围，例如500和2500", "把min_us和max_us設為伺服機的範圍，例如500和2500"),

	// The robot's devices (package rig).
	"err.no-camera-named": t(a(txt), "no camera named (the calibration says {0}): pass --camera /dev/video0 (or a folder of images, or a video file), or set camera.device in the calibration file",
		"没有指定摄像头（校准文件中是{0}）：请用--camera /dev/video0（或图片文件夹、视频文件），或在校准文件中设置camera.device",
		"沒有指定攝影機（校準檔案中是{0}）：請用--camera /dev/video0（或圖片資料夾、影片檔），或在校準檔案中設定camera.device"),
	"err.no-camera-at": t(a(txt), "no camera at {0}: is it plugged in? `v4l2-ctl --list-devices` lists the cameras; the Pi camera needs libcamera's V4L2 layer (README: the hardware)",
		"{0}没有摄像头：插好了吗？`v4l2-ctl --list-devices`可以列出摄像头；树莓派摄像头需要libcamera的V4L2层（见README的硬件一节）",
		"{0}沒有攝影機：插好了嗎？`v4l2-ctl --list-devices`可以列出攝影機；樹莓派攝影機需要libcamera的V4L2層（見README的硬體一節）"),
	"err.camera-busy": t(a(txt, txt), "camera {0}: {1} (is another program using it?)",
		"摄像头{0}：{1}（是不是有别的程序在用？）", "攝影機{0}：{1}（是不是有別的程式在用？）"),
	"err.camera-ended": t(nil, "the camera source has no more frames", "摄像头来源没有更多画面了", "攝影機來源沒有更多畫面了"),
	"err.camera-lost":  t(nil, "camera lost", "摄像头断开了", "攝影機斷線了"),
	"err.board-moved": t(a(txt, txt), "vision: the board seen at {0} does not match the calibrated corners {1}: run tengen calibrate board",
		"视觉：看到的棋盘位置{0}与校准的四角{1}不符：请运行tengen calibrate board", "視覺：看到的棋盤位置{0}與校準的四角{1}不符：請執行tengen calibrate board"),
	"err.no-arm-at": t(a(txt), "no arm at {0}: is its USB cable plugged in? `ls /dev/serial/by-id` lists the serial devices (README: the hardware)",
		"{0}没有机械臂：USB线插好了吗？`ls /dev/serial/by-id`可以列出串口设备（见README的硬件一节）",
		"{0}沒有機械臂：USB線插好了嗎？`ls /dev/serial/by-id`可以列出序列埠裝置（見README的硬體一節）"),
	"err.arm-at": t(a(txt, txt), "arm at {0}: {1}: is the Tengen firmware flashed (make flash) and the arm powered?",
		"{0}的机械臂：{1}：Tengen固件烧录了吗（make flash）？机械臂通电了吗？", "{0}的機械臂：{1}：Tengen韌體燒錄了嗎（make flash）？機械臂通電了嗎？"),
	"err.arm-pi": t(a(txt), "arm on this Pi: {0}: check I2C is enabled (raspi-config) and the wiring in README: the hardware",
		"本机树莓派上的机械臂：{0}：请检查I2C已启用（raspi-config）以及README硬件一节的接线", "本機樹莓派上的機械臂：{0}：請檢查I2C已啟用（raspi-config）以及README硬體一節的接線"),
	"err.arm-spec": t(a(txt), "arm {0}: want serial:PORT (e.g. serial:/dev/ttyACM0), pi, sim or none",
		"机械臂{0}：应为serial:端口（例如serial:/dev/ttyACM0）、pi、sim或none", "機械臂{0}：應為serial:連接埠（例如serial:/dev/ttyACM0）、pi、sim或none"),
	"err.arm-calibration": t(a(txt), "file {0}: run tengen calibrate arm", "文件{0}：请运行tengen calibrate arm", "檔案{0}：請執行tengen calibrate arm"),

	// The game on the board (package game).
	"err.board-differs-opening": t(a(count, txt, txt), "the board has differed from the opening for {0} views: added {1}, gone {2}",
		"连续{0}次看到棋盘与开局不符：多了{1}，少了{2}", "連續{0}次看到棋盤與開局不符：多了{1}，少了{2}"),
	"err.board-differs-record": t(a(count, txt), "the board has differed from the record for {0} views: {1}",
		"连续{0}次看到棋盘与棋谱不符：{1}", "連續{0}次看到棋盤與棋譜不符：{1}"),
	"err.stones-off-points": t(a(txt), "the arm's stones {0} are still not on their points",
		"机械臂放的棋子{0}仍然不在原位", "機械臂放的棋子{0}仍然不在原位"),
	"err.board-not-empty": t(a(count, txt), "the board is still not empty after {0} passes: {1}",
		"清了{0}遍，棋盘上还有棋子：{1}", "清了{0}遍，棋盤上還有棋子：{1}"),
	"err.journal":         t(a(txt), "journal {0}", "对局日志{0}", "對局日誌{0}"),
	"err.journal-line":    t(a(count), "line {0}", "第{0}行", "第{0}行"),
	"err.journal-no-type": t(nil, `no "type"`, `缺少"type"`, `缺少"type"`),
	"err.journal-no-settings": t(nil, "journal does not begin with the game's settings",
		"对局日志开头不是对局设置", "對局日誌開頭不是對局設定"),
	"err.journal-over":   t(a(txt), "the game is already over ({0})", "对局已经结束（{0}）", "對局已經結束（{0}）"),
	"err.journal-read":   t(nil, "reading journal", "读取对局日志", "讀取對局日誌"),
	"err.journal-create": t(nil, "creating journal", "创建对局日志", "建立對局日誌"),

	// The command line (cmd/tengen).
	"err.no-args":    t(a(txt), "{0} takes no arguments", "{0}不接受参数", "{0}不接受參數"),
	"err.bad-lang":   t(a(txt), "--lang {0}: unknown language (want en, zh-Hans or zh-Hant)", "--lang {0}：未知的语言（应为en、zh-Hans或zh-Hant）", "--lang {0}：未知的語言（應為en、zh-Hans或zh-Hant）"),
	"err.bad-robot":  t(a(txt), "--robot {0}: want black, white or nigiri", "--robot {0}：应为black（执黑）、white（执白）或nigiri（猜先）", "--robot {0}：應為black（執黑）、white（執白）或nigiri（猜先）"),
	"err.bad-colour": t(a(txt, txt), "{0} {1}: want black or white", "{0} {1}：应为black（黑）或white（白）", "{0} {1}：應為black（黑）或white（白）"),
	"err.bad-hide":   t(a(txt), "--hide {0}: want person or robot", "--hide {0}：应为person（人藏子）或robot（机器人藏子）", "--hide {0}：應為person（人藏子）或robot（機器人藏子）"),
	"err.bad-opening": t(a(txt), "--opening {0}: no such opening protocol (tengen rules openings lists them)",
		"--opening {0}：没有这个开局规则（tengen rules openings 可以列出全部）", "--opening {0}：沒有這個開局規則（tengen rules openings 可以列出全部）"),
	"err.bad-rule":    t(a(txt), "--rule {0}: want freestyle, standard, renju or caro", "--rule {0}：应为freestyle、standard、renju或caro", "--rule {0}：應為freestyle、standard、renju或caro"),
	"err.bad-camera":  t(a(txt), "--camera {0}: want rendered or truth", "--camera {0}：应为rendered或truth", "--camera {0}：應為rendered或truth"),
	"err.bad-flag":    t(a(txt, txt), "{0}: {1} is not a valid value", "{0}：{1}不是有效的值", "{0}：{1}不是有效的值"),
	"err.needs":       t(a(txt, txt), "{0} needs {1}", "{0}需要同时指定{1}", "{0}需要同時指定{1}"),
	"err.needs-arm":   t(a(txt), "{0} needs the arm: --arm serial:PORT or --arm pi", "{0}需要机械臂：请用--arm serial:端口 或 --arm pi", "{0}需要機械臂：請用--arm serial:連接埠 或 --arm pi"),
	"err.no-operator": t(nil, "no operator at the terminal (stdin closed)", "终端前没有工作人员（标准输入已关闭）", "終端前沒有工作人員（標準輸入已關閉）"),
}
