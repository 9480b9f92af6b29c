package analyze

import (
	"math"

	"modernc.org/cc/v4"
)

// Places written once. Programs size their work in a global or a struct
// field set at initialisation (NAS IS: num_keys = (TOTAL_KEYS / comm_size)
// * MIN_PROCS in alloc_space, read by the loops of rank; a global with an
// initialiser that nothing assigns) and read it in other functions, where
// the flow of values inside one function (walk.go) does not reach. A
// global or field that the whole program writes at exactly one place,
// with a value that reads no local variable (constants, macros, the rank
// and size, other such places), holds that value wherever it is read: a
// program reads its sizes after it sets them.

// progValues is the walker's part that knows the values the program
// gives its globals, fields and options before the functions read them:
// the places written once (once.go), the fields' values and parameters
// (fields.go, boundfields.go), the options (optfields.go, strcmpopts.go).
type progValues struct {
	w *walker
	// once are the globals and fields the program writes at one place
	// only, with the value written (once.go); onceVals their values as
	// read so far (nil: not expressible).
	once     map[string]cc.ExpressionNode
	onceVals map[string]Expr
	// fieldVals are the values the program gives each field, and
	// fieldParams the parameters fields became (fields.go).
	fieldVals   map[string][]cc.ExpressionNode
	fieldParams map[string]string
	// optFields are the fields an option of the program sets (optfields.go,
	// strcmpopts.go); optVars the variables, with their option words.
	optFields map[string]*optionField
	optVars   map[*cc.Declarator][]string
	// boundFields are the fields loop conditions read, and boundOnly is
	// set while a test of them is read (boundfields.go).
	boundFields  map[string]bool
	boundOnly    bool
	optVarParams map[*cc.Declarator]string // their parameters, once made
	// optionGiven are the values stored under a test of an argument
	// against an option's name: the option's, not the program's default.
	optionGiven map[cc.Node]bool
}

// read finds the places the program writes once and the fields and
// variables its options set, and makes the options' parameters.
func (pv *progValues) read(srcs []Source, defs []*cc.FunctionDefinition) {
	pv.once, pv.onceVals = pv.onceWrites(srcs, defs), map[string]Expr{}
	pv.fieldVals, pv.fieldParams = fieldWrites(defs), map[string]string{}
	pv.optFields = optionFields(defs)
	pv.boundFields = boundFields(defs)
	strFields, strVars, given := strcmpOptions(defs)
	pv.optionGiven = given
	for key, of := range strFields {
		if _, ok := pv.optFields[key]; !ok {
			pv.optFields[key] = of
		}
	}
	pv.optVars, pv.optVarParams = strVars, map[*cc.Declarator]string{}
	pv.optionParams()
}

// onceWrites finds, by rankKey, the globals and fields that the program's
// functions and file-scope initialisers write exactly once, with the
// value each is given.
func (pv *progValues) onceWrites(srcs []Source, defs []*cc.FunctionDefinition) map[string]cc.ExpressionNode {
	writes := map[string]int{}
	sites := map[string]cc.ExpressionNode{}
	statics := map[string]bool{} // the file-scope statics, keyed as their declarators
	note := func(key string, rhs cc.ExpressionNode) {
		if key == "" || !onceKey(key) && !statics[key] {
			return
		}
		writes[key]++
		sites[key] = rhs
	}
	for _, s := range srcs {
		if s.AST == nil {
			continue
		}
		for l := s.AST.TranslationUnit; l != nil; l = l.TranslationUnit {
			ed := l.ExternalDeclaration
			if ed == nil || ed.Case != cc.ExternalDeclarationDecl || ed.Declaration == nil {
				continue
			}
			for il := ed.Declaration.InitDeclaratorList; il != nil; il = il.InitDeclaratorList {
				id := il.InitDeclarator
				if id == nil || id.Declarator == nil || !pv.w.o.IsUser(pos(id).File) {
					continue
				}
				if id.Declarator.IsStatic() {
					statics[declKey(id.Declarator)] = true
				}
				if id.Case != cc.InitDeclaratorInit {
					continue
				}
				var rhs cc.ExpressionNode
				if id.Initializer != nil && id.Initializer.Case == cc.InitializerExpr {
					rhs = id.Initializer.AssignmentExpression
				}
				note(declKey(id.Declarator), rhs)
			}
		}
	}
	for _, fd := range defs {
		visit(fd.CompoundStatement, func(n cc.Node) bool {
			switch x := n.(type) {
			case *cc.AssignmentExpression:
				if x.Case == cc.AssignmentExpressionCond {
					return true
				}
				key, _ := rankKey(x.UnaryExpression)
				if x.Case == cc.AssignmentExpressionAssign {
					note(key, x.AssignmentExpression)
				} else {
					note(key, nil)
				}
			case *cc.UnaryExpression:
				switch x.Case {
				case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
					key, _ := rankKey(x.UnaryExpression)
					note(key, nil)
				case cc.UnaryExpressionAddrof:
					key, _ := rankKey(x.CastExpression)
					note(key, nil)
				}
			case *cc.PostfixExpression:
				switch x.Case {
				case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
					key, _ := rankKey(x.PostfixExpression)
					note(key, nil)
				case cc.PostfixExpressionCall:
					if keepsBuffer[calleeName(x)] {
						return false // MPI_Bcast(&n, ...) gives every rank the root's n
					}
				}
			}
			return true
		})
	}
	out := map[string]cc.ExpressionNode{}
	for key, n := range writes {
		if rank := pv.w.mpi.isRank(key); n == 1 && !rank && sites[key] != nil && readsNoLocal(sites[key]) {
			out[key] = sites[key]
		}
	}
	return out
}

// onceKey reports whether a place is a global or a field (a local's value
// is the flow's).
func onceKey(key string) bool {
	return len(key) > 6 && (key[:7] == "global " || key[:6] == "field ")
}

// readsNoLocal reports whether e reads only globals, fields of globals,
// constants and macros: no local variable or parameter, whose value
// depends on where the function is.
func readsNoLocal(e cc.Node) bool {
	ok := true
	visit(e, func(n cc.Node) bool {
		pe, isIdent := n.(*cc.PrimaryExpression)
		if !isIdent || pe.Case != cc.PrimaryExpressionIdent {
			return ok
		}
		if d, isDecl := pe.ResolvedTo().(*cc.Declarator); isDecl && d != nil && !d.IsFuncDef() {
			if s := d.LexicalScope(); s == nil || s.Parent != nil {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// onceValue is the value of a place written once, in the model's terms,
// when the analysis can express it.
func (pv *progValues) onceValue(e cc.Node) (Expr, bool) {
	key, ok := rankKey(e)
	if !ok {
		return nil, false
	}
	rhs, ok := pv.once[key]
	if !ok {
		return nil, false
	}
	if v, done := pv.onceVals[key]; done {
		return v, v != nil
	}
	// Read the value outside any function's flow: it names no local, so
	// the function it is written in does not matter; a place that reads
	// itself (through another) is not known.
	pv.onceVals[key] = nil
	vals, loops, paramize := pv.w.vals, pv.w.loops, pv.w.paramize
	pv.w.vals, pv.w.loops, pv.w.paramize = map[*cc.Declarator]Expr{}, nil, nil
	v, ok := pv.w.sym(rhs)
	pv.w.vals, pv.w.loops, pv.w.paramize = vals, loops, paramize
	if !ok {
		return nil, false
	}
	pv.onceVals[key] = v
	return v, true
}

// runOnce reports whether an if is a first-call guard on a flag of static
// storage, if (KS == 0) { ...; KS = 1; } or if (!done) { ...; done = 1; },
// where nothing else in the program writes the flag: the arm runs on the
// first call only (NAS's randlc computes its constants so), and is left
// out of the cost of every call.
func (pv *progValues) runOnce(s *cc.SelectionStatement) bool {
	flag, when := onceTest(s.ExpressionList)
	if flag == nil || flag.StorageDuration() != cc.Static || pv.initialValue(flag) != when {
		return false
	}
	key, ok := rankKey(flagRef(s.ExpressionList))
	if !ok {
		return false
	}
	writes, setInArm := 0, false
	for _, fd := range pv.w.funcs {
		visit(fd.CompoundStatement, func(n cc.Node) bool {
			target := written(n, true)
			if k, ok := rankKey(target); target != nil && ok && k == key {
				writes++
			}
			return true
		})
	}
	visit(s.Statement, func(n cc.Node) bool {
		if x, ok := n.(*cc.AssignmentExpression); ok && x.Case == cc.AssignmentExpressionAssign {
			if k, ok := rankKey(x.UnaryExpression); ok && k == key {
				if v, ok := constValue(x.AssignmentExpression); ok && v != when {
					setInArm = true
				}
			}
		}
		return !setInArm
	})
	return writes == 1 && setInArm
}

// onceTest reads a guard's test, !f or f == K (K == f): the flag and the
// value for which the test holds.
func onceTest(e cc.Node) (*cc.Declarator, float64) {
	switch x := unparen(e).(type) {
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionNot {
			return declOf(x.CastExpression), 0
		}
	case *cc.EqualityExpression:
		if x.Case != cc.EqualityExpressionEq {
			return nil, 0
		}
		if d := declOf(x.EqualityExpression); d != nil {
			if v, ok := constValue(x.RelationalExpression); ok {
				return d, v
			}
		}
		if d := declOf(x.RelationalExpression); d != nil {
			if v, ok := constValue(x.EqualityExpression); ok {
				return d, v
			}
		}
	}
	return nil, 0
}

// flagRef is the flag's identifier in a guard's test.
func flagRef(e cc.Node) cc.Node {
	var ref cc.Node
	flag, _ := onceTest(e)
	visit(e, func(n cc.Node) bool {
		if declOf(n) == flag && ref == nil {
			ref = n
		}
		return ref == nil
	})
	return ref
}

// initialValue is the value a variable of static storage starts with:
// its constant initialiser in the function walked, or zero; NaN when the
// initialiser is not a constant the analysis finds.
func (pv *progValues) initialValue(d *cc.Declarator) float64 {
	if !d.HasInitializer() {
		return 0
	}
	v := math.NaN()
	if fd := pv.w.funcs[pv.w.fn.Name]; fd != nil {
		visit(fd.CompoundStatement, func(n cc.Node) bool {
			id, ok := n.(*cc.InitDeclarator)
			if ok && id.Declarator == d && id.Initializer != nil && id.Initializer.Case == cc.InitializerExpr {
				if c, ok := constValue(id.Initializer.AssignmentExpression); ok {
					v = c
				}
			}
			return true
		})
	}
	return v
}

// arraySize is the size in bytes of the array an indexed access e goes
// through when its declaration gives it (int hist[NUM_BUCKETS + 5]): a
// histogram indexed by the data lives in the cache level that size fits,
// however large the loop's other arrays.
func arraySize(e cc.Node) (Expr, bool) {
	for {
		switch x := unparen(e).(type) {
		case *cc.PostfixExpression:
			switch x.Case {
			case cc.PostfixExpressionIndex:
				e = x.PostfixExpression
				continue
			case cc.PostfixExpressionPrimary:
				e = x.PrimaryExpression
				continue
			}
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionPostfix {
				e = x.PostfixExpression
				continue
			}
		case *cc.PrimaryExpression:
			d, ok := x.ResolvedTo().(*cc.Declarator)
			if !ok || d == nil || x.Case != cc.PrimaryExpressionIdent {
				return nil, false
			}
			if t := d.Type(); t != nil && t.Kind() == cc.Array && t.Size() > 0 {
				return Num{float64(t.Size())}, true
			}
		}
		return nil, false
	}
}
