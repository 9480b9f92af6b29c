package model

import (
	"fmt"
	"strings"
	"testing"
)

// lexAll returns the tokens of src as "line:col kind text" strings, and the
// lexer's errors.
func lexAll(src string) (toks []string, errs []string, lx *lexer) {
	lx = newLexer([]byte(src), func(pos Pos, msg string) {
		errs = append(errs, pos.String()+": "+msg)
	})
	for i := 0; i < 1000; i++ {
		t := lx.next()
		if t.kind == tokEOF {
			toks = append(toks, t.pos.String()+" EOF")
			break
		}
		toks = append(toks, fmt.Sprintf("%s %s", t.pos, t.text))
	}
	return toks, errs, lx
}

func TestLexTokens(t *testing.T) {
	src := "model m\nparam x=a<=b&&c||!d!=e>=f==g<h>i ? j : k\n  for i in 0..n { y = -1 % 2 / 3 * 4 + 5 ; }"
	toks, errs, _ := lexAll(src)
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	want := "1:1 model|1:7 m|2:1 param|2:7 x|2:8 =|2:9 a|2:10 <=|2:12 b|2:13 &&|2:15 c|2:16 |||2:18 !|2:19 d|" +
		"2:20 !=|2:22 e|2:23 >=|2:25 f|2:26 ==|2:28 g|2:29 <|2:30 h|2:31 >|2:32 i|2:34 ?|2:36 j|2:38 :|2:40 k|" +
		"3:3 for|3:7 i|3:9 in|3:12 0|3:13 ..|3:15 n|3:17 {|3:19 y|3:21 =|3:23 -|3:24 1|3:26 %|3:28 2|3:30 /|" +
		"3:32 3|3:34 *|3:36 4|3:38 +|3:40 5|3:42 ;|3:44 }|3:45 EOF"
	if got := strings.Join(toks, "|"); got != want {
		t.Errorf("tokens\n got %s\nwant %s", got, want)
	}
}

func TestLexKeywordsAndThreads(t *testing.T) {
	lx := newLexer([]byte("activity threads nthreads pfor _x9 Send"), func(Pos, string) {})
	var kinds []tokKind
	for tok := lx.next(); tok.kind != tokEOF; tok = lx.next() {
		kinds = append(kinds, tok.kind)
	}
	want := []tokKind{tokKeyword, tokIdent, tokIdent, tokKeyword, tokIdent, tokIdent}
	if fmt.Sprint(kinds) != fmt.Sprint(want) {
		t.Errorf("kinds %v, want %v", kinds, want)
	}
}

func TestLexComments(t *testing.T) {
	src := "// one  \r\nx /* two\nlines */ y // three\n/**/z/* four */"
	toks, errs, lx := lexAll(src)
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	if got := strings.Join(toks, "|"); got != "2:1 x|3:10 y|4:5 z|4:16 EOF" {
		t.Errorf("tokens %s", got)
	}
	var got []string
	for _, c := range lx.comments {
		got = append(got, fmt.Sprintf("%s %q", c.Pos, c.Text))
	}
	want := []string{`1:1 "// one"`, `2:3 "/* two\nlines */"`, `3:12 "// three"`, `4:1 "/**/"`, `4:6 "/* four */"`}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("comments\n got %s\nwant %s", strings.Join(got, "|"), strings.Join(want, "|"))
	}
}

func TestLexNumbers(t *testing.T) {
	tests := []struct {
		src  string
		toks string // the tokens' texts
		val  float64
		err  string
	}{
		{src: "42", toks: "42", val: 42},
		{src: "0.5", toks: "0.5", val: 0.5},
		{src: "1e-6", toks: "1e-6", val: 1e-6},
		{src: "2.5E3", toks: "2.5E3", val: 2500},
		{src: "12ms", toks: "12ms", val: 0.012},
		{src: "1e-6us", toks: "1e-6us", val: 1e-12},
		{src: "8KiB", toks: "8KiB", val: 8192},
		{src: "0..10", toks: "0 .. 10", val: 0},
		{src: "1.5..2", toks: "1.5 .. 2", val: 1.5},
		{src: "1.2.3", toks: "1.2.3", err: `1:1: invalid number "1.2.3"`},
		{src: "1e+", toks: "1e+", err: `1:1: invalid number "1e+"`},
		{src: "5.x", toks: "5.x", err: `1:1: invalid number "5.x"`},
		{src: "3 kb", toks: "3 kb", val: 3},
		{src: "3kb", toks: "3kb", err: `1:1: unknown unit "kb" (time: s ms us ns; size: B KB KiB MB MiB GB GiB)`},
		{src: "3ex", toks: "3ex", err: `1:1: unknown unit "ex" (time: s ms us ns; size: B KB KiB MB MiB GB GiB)`},
		{src: "3Ms", toks: "3Ms", err: `1:1: unknown unit "Ms" (time: s ms us ns; size: B KB KiB MB MiB GB GiB)`},
		{src: "1e400", toks: "1e400", err: `1:1: number "1e400" out of range`},
		{src: "1e99999999999999999999", toks: "1e99999999999999999999", err: `1:1: number "1e99999999999999999999" out of range`},
		{src: "1e308GiB", toks: "1e308GiB", err: `1:1: number "1e308GiB" out of range`},
		{src: "1e-400", toks: "1e-400", val: 0},
	}
	for _, tt := range tests {
		var errs []string
		lx := newLexer([]byte(tt.src), func(pos Pos, msg string) { errs = append(errs, pos.String()+": "+msg) })
		first := lx.next()
		texts := []string{first.text}
		for tok := lx.next(); tok.kind != tokEOF; tok = lx.next() {
			texts = append(texts, tok.text)
		}
		if got := strings.Join(texts, " "); got != tt.toks {
			t.Errorf("%q: tokens %q, want %q", tt.src, got, tt.toks)
		}
		if got := strings.Join(errs, "; "); got != tt.err {
			t.Errorf("%q: errors %q, want %q", tt.src, got, tt.err)
		}
		if tt.err == "" && (first.kind != tokNumber || first.val != tt.val) {
			t.Errorf("%q: value %v (kind %d), want %v", tt.src, first.val, first.kind, tt.val)
		}
	}
}

func TestLexIllegal(t *testing.T) {
	toks, errs, _ := lexAll("a $ b é \x80 c . d & e | f")
	if got := strings.Join(toks, "|"); got != "1:1 a|1:3 $|1:5 b|1:7 é|1:10 \x80|1:12 c|1:14 .|1:16 d|1:18 &|1:20 e|1:22 ||1:24 f|1:25 EOF" {
		t.Errorf("tokens %q", got)
	}
	want := []string{
		`1:3: unexpected character '$'`,
		`1:7: unexpected character 'é'`,
		`1:10: invalid UTF-8 byte 0x80`,
		`1:14: unexpected "." (ranges are written FROM .. TO)`,
		`1:18: unexpected "&" (did you mean "&&"?)`,
		`1:22: unexpected "|" (did you mean "||"?)`,
	}
	if strings.Join(errs, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors\n%s\nwant\n%s", strings.Join(errs, "\n"), strings.Join(want, "\n"))
	}
}

func TestLexUnterminatedComment(t *testing.T) {
	toks, errs, lx := lexAll("x\n  /* never\nclosed")
	if strings.Join(errs, "|") != "2:3: unterminated block comment" {
		t.Errorf("errors %v", errs)
	}
	if strings.Join(toks, "|") != "1:1 x|3:7 EOF" {
		t.Errorf("tokens %v", toks)
	}
	if len(lx.comments) != 1 || !strings.HasPrefix(lx.comments[0].Text, "/* never") {
		t.Errorf("comments %+v", lx.comments)
	}
}

func TestLexByteOrderMark(t *testing.T) {
	toks, errs, _ := lexAll("\xEF\xBB\xBFmodel m")
	if len(errs) != 0 || strings.Join(toks, "|") != "1:1 model|1:7 m|1:8 EOF" {
		t.Errorf("tokens %v, errors %v", toks, errs)
	}
}
