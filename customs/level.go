package customs

import (
	"fmt"
	"strconv"

	"tengen/game"
)

// Answer is a visitor's answer to "have you played Gomoku before?".
type Answer int8

const (
	Never      Answer = iota // never played
	KnowsRules               // knows the rules
	Sometimes                // plays now and then
	Often                    // plays often
	Club                     // plays in a club or in tournaments
)

// Answers lists the answers in the order the question offers them.
var Answers = []Answer{Never, KnowsRules, Sometimes, Often, Club}

var answerNames = [...]string{"never", "rules", "sometimes", "often", "club"}

func (a Answer) String() string {
	if a >= 0 && int(a) < len(answerNames) {
		return answerNames[a]
	}
	return "Answer(" + strconv.Itoa(int(a)) + ")"
}

// Key is the answer's catalogue key, for the page's buttons.
func (a Answer) Key() string { return "answer." + a.String() }

// ParseAnswer reads an answer's name.
func ParseAnswer(s string) (Answer, error) {
	for i, n := range answerNames {
		if s == n {
			return Answer(i), nil
		}
	}
	return Never, fmt.Errorf("unknown answer %q (want never, rules, sometimes, often or club)", s)
}

// Engine levels run from MinLevel (a beginner's opponent) to MaxLevel
// (full strength), as package ai numbers them.
const (
	MinLevel = 1
	MaxLevel = 10
)

// levelForAnswer leaves room to grow: a newcomer should win sometimes.
var levelForAnswer = [...]int{Never: 1, KnowsRules: 2, Sometimes: 4, Often: 6, Club: 8}

// LevelFor returns the engine level for an answer to the question.
func LevelFor(a Answer) int {
	if a < 0 || int(a) >= len(levelForAnswer) {
		return MinLevel
	}
	return levelForAnswer[a]
}

// ratingSteps are the lowest ratings (Elo scale, as renju and gomoku
// federations rate players) for levels 2 to 10; below the first, level 1.
var ratingSteps = [...]int{1000, 1200, 1350, 1500, 1650, 1800, 1950, 2100, 2250}

// LevelForRating returns the engine level for a player's rating.
func LevelForRating(rating int) int {
	lv := MinLevel
	for _, s := range ratingSteps {
		if rating >= s {
			lv++
		}
	}
	return lv
}

// NextLevel adjusts a visitor's level to their day: two wins in a row
// raise it, two losses in a row lower it, within MinLevel..MaxLevel.
func NextLevel(level int, v Visitor) int {
	switch {
	case v.Streak >= 2:
		level++
	case v.Streak <= -2:
		level--
	}
	return min(max(level, MinLevel), MaxLevel)
}

// LevelMessage is what the robot says about the level it plays at.
func LevelMessage(level int) game.Message {
	n := strconv.Itoa(level)
	return game.Message{Key: "level-chosen", Args: []string{n}, Text: "I will play at level " + n + "."}
}

// Question is what the robot asks a new visitor.
func Question() game.Message {
	return game.Message{Key: "ask-played-before", Text: "Have you played Gomoku before?"}
}
