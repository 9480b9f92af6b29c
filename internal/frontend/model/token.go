package model

import "fmt"

// tokKind is the kind of a lexical token. Keywords are one kind, tokKeyword,
// with the word in the token's text: builtins.go's Keywords table stays the
// single list of reserved words.
type tokKind uint8

const (
	tokEOF     tokKind = iota
	tokIllegal         // a character the lexer already reported
	tokIdent
	tokKeyword
	tokNumber

	tokLbrace   // {
	tokRbrace   // }
	tokLparen   // (
	tokRparen   // )
	tokComma    // ,
	tokSemi     // ;
	tokAssign   // =
	tokEq       // ==
	tokNeq      // !=
	tokLt       // <
	tokLeq      // <=
	tokGt       // >
	tokGeq      // >=
	tokAdd      // +
	tokSub      // -
	tokMul      // *
	tokQuo      // /
	tokRem      // %
	tokNot      // !
	tokAnd      // &&
	tokOr       // ||
	tokQuestion // ?
	tokColon    // :
	tokDotDot   // ..
)

// token is one lexical token.
type token struct {
	kind tokKind
	pos  Pos
	text string  // the source text of the token
	val  float64 // tokNumber: the value with the unit applied
	// nl is set when the token is the first of its line: newlines are not
	// significant, but error recovery uses them as a hint.
	nl bool
}

// describe renders t for "found ..." in error messages.
func (t token) describe() string {
	switch t.kind {
	case tokEOF:
		return "end of file"
	case tokIllegal:
		return "invalid character"
	}
	return fmt.Sprintf("%q", t.text)
}

// isKeyword reports whether t is the keyword word.
func (t token) isKeyword(word string) bool { return t.kind == tokKeyword && t.text == word }

// binaryPrec is the precedence of binary operators, higher binds tighter;
// 0 means "not a binary operator". The conditional `?:` sits below all.
func binaryPrec(k tokKind) int {
	switch k {
	case tokOr:
		return precOr
	case tokAnd:
		return precAnd
	case tokEq, tokNeq, tokLt, tokLeq, tokGt, tokGeq:
		return precCmp
	case tokAdd, tokSub:
		return precAdd
	case tokMul, tokQuo, tokRem:
		return precMul
	}
	return 0
}

// Operator precedences, shared by the parser and the formatter.
const (
	precCond  = 0 // c ? a : b
	precOr    = 1
	precAnd   = 2
	precCmp   = 3 // non-associative
	precAdd   = 4
	precMul   = 5
	precUnary = 6
)

// opPrec is the precedence of a binary operator given by its text, for the
// formatter, which works on the tree.
func opPrec(op string) int {
	switch op {
	case "||":
		return precOr
	case "&&":
		return precAnd
	case "==", "!=", "<", "<=", ">", ">=":
		return precCmp
	case "+", "-":
		return precAdd
	case "*", "/", "%":
		return precMul
	}
	return precMul // unknown operator in a hand-built tree: bind tightly
}

// Statement and declaration introducers, used by the parser to dispatch and
// to resynchronize after an error.
var (
	declKeywords = map[string]bool{
		"param": true, "global": true, "local": true, "cost": true, "activity": true,
	}
	stmtKeywords = map[string]bool{
		"action": true, "delay": true, "call": true, "if": true, "loop": true,
		"for": true, "choose": true, "parallel": true, "pfor": true, "critical": true,
		"atomic": true, "master": true, "single": true, "priority": true,
		"send": true, "recv": true, "isend": true, "irecv": true, "wait": true,
		"barrier": true, "bcast": true, "reduce": true, "allreduce": true,
		"gather": true, "scatter": true, "allgather": true, "alltoall": true,
	}
)

// Units a number may carry. Decimal numUnits are applied by shifting the
// decimal exponent, so 12ms is exactly the float64 nearest to 0.012 (a
// multiplication by 1e-3 would not always be); binary numUnits are exact
// multiplications by powers of two.
type numUnit struct {
	exp10  int     // decimal exponent shift
	factor float64 // binary factor, 0 for decimal numUnits
}

var numUnits = map[string]numUnit{
	"s": {exp10: 0}, "ms": {exp10: -3}, "us": {exp10: -6}, "ns": {exp10: -9},
	"B": {exp10: 0}, "KB": {exp10: 3}, "MB": {exp10: 6}, "GB": {exp10: 9},
	"KiB": {factor: 1 << 10}, "MiB": {factor: 1 << 20}, "GiB": {factor: 1 << 30},
}

const numUnitList = "time: s ms us ns; size: B KB KiB MB MiB GB GiB"
