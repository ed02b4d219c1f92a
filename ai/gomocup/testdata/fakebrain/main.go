// Command fakebrain is a Gomocup brain that misbehaves on purpose, for the
// client's tests. Its first argument picks the behaviour:
//
//	good     plays the first empty point from the centre outwards
//	hang     answers START, then never moves
//	crash    writes to stderr and exits when asked to move
//	crash1   crashes on the first move request of its first run only
//	         (it marks the run in the file named by its second argument)
//	garbage  prints garbage, MESSAGE, DEBUG and ERROR lines before each move
//	refuse   answers START with ERROR
//	illegal  answers with a point off the board
//	drop     ignores any command that arrives within 30 ms of its move
//	         (as Rapfi does)
//	flood    prints a thousand DEBUG lines after each move and ignores END
//	fresh    plays as good, but answers a point off the board when a BOARD
//	         drops stones it saw since START or RESTART: a new game it was
//	         not told of
//	slow     plays as good, but takes half a second to start (a brain
//	         loading its weights)
package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

func main() {
	mode := "good"
	if len(os.Args) > 1 {
		mode = os.Args[1]
	}
	if mode == "slow" {
		time.Sleep(500 * time.Millisecond)
	}
	if mode == "crash1" {
		if _, err := os.Stat(os.Args[2]); err == nil {
			mode = "good"
		} else {
			os.WriteFile(os.Args[2], []byte("ran"), 0o644)
			mode = "crash"
		}
	}
	size := 0
	taken := map[[2]int]bool{}
	var moved time.Time
	in := bufio.NewScanner(os.Stdin)
	say := func(s string) { fmt.Println(s) }
	play := func() {
		switch mode {
		case "hang":
			time.Sleep(time.Hour)
		case "crash":
			fmt.Fprintln(os.Stderr, "fakebrain: segmentation fault (pretend)")
			os.Exit(3)
		case "illegal":
			say(fmt.Sprintf("%d,%d", size, size))
			return
		case "garbage":
			say("\x01\x02 hello")
			say("MESSAGE depth 3 score -12 nodes 99 pv h8 h9")
			say("DEBUG thinking")
			say("ERROR not really")
			say("1,2,3")
		}
		c := size / 2
		for r := 0; r < size; r++ {
			for y := c - r; y <= c+r; y++ {
				for x := c - r; x <= c+r; x++ {
					if x >= 0 && y >= 0 && x < size && y < size && !taken[[2]int{x, y}] {
						taken[[2]int{x, y}] = true
						say(fmt.Sprintf("%d,%d", x, y))
						moved = time.Now()
						if mode == "flood" {
							for i := 0; i < 1000; i++ {
								say(fmt.Sprintf("DEBUG chatter %d", i))
							}
						}
						return
					}
				}
			}
		}
	}
	point := func(s string) [2]int {
		f := append(strings.Split(s, ","), "", "")
		x, _ := strconv.Atoi(f[0])
		y, _ := strconv.Atoi(f[1])
		return [2]int{x, y}
	}
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		if mode == "drop" && time.Since(moved) < 30*time.Millisecond {
			continue
		}
		word, arg, _ := strings.Cut(line, " ")
		switch word {
		case "START":
			if mode == "refuse" {
				say("ERROR unsupported size")
				continue
			}
			size, _ = strconv.Atoi(arg)
			taken = map[[2]int]bool{}
			say("OK")
		case "RESTART":
			taken = map[[2]int]bool{}
			say("OK")
		case "ABOUT":
			say(`name="fake", version="1"`)
		case "BEGIN":
			play()
		case "TURN":
			taken[point(arg)] = true
			play()
		case "BOARD":
			board := map[[2]int]bool{}
			for in.Scan() && in.Text() != "DONE" {
				board[point(in.Text())] = true
			}
			stale := false
			for p := range taken {
				stale = stale || !board[p]
			}
			taken = board
			if mode == "fresh" && stale {
				say(fmt.Sprintf("%d,%d", size, size))
				continue
			}
			play()
		case "END":
			if mode == "flood" {
				time.Sleep(time.Hour)
			}
			return
		}
	}
}
