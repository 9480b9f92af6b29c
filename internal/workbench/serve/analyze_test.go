package serve

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func post(t *testing.T, url string, body any) (int, string) {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Post(url, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(raw)
}

// The workbench's source view: a C file of the workspace, analysed and
// priced on a machine of the workspace, comes back as the page augur
// analyze --report writes; a broken source gives its position.
func TestAnalyzeSourceView(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	ts, dir := testServer(t, Config{})
	src, err := os.ReadFile("../../frontend/analyze/testdata/pi.c")
	if err != nil {
		t.Fatal(err)
	}
	ops, err := os.ReadFile("../../frontend/analyze/testdata/onens.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"pi.c": src, "ops.yaml": ops,
		"broken.c": []byte("int main(void) {\n  int x = ;\n}\n")} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, files := call(t, ts, "GET", "/api/files", nil)
	if srcs, _ := files["sources"].([]any); len(srcs) != 2 || srcs[0] != "broken.c" || srcs[1] != "pi.c" {
		t.Errorf("sources listed: %v", files["sources"])
	}
	code, page := post(t, ts.URL+"/api/analyze", map[string]any{"file": "pi.c", "machines": []string{"ops.yaml"}, "procs": 2, "params": map[string]string{"darts": "1000"}})
	if code != http.StatusOK {
		t.Fatalf("status %d: %s", code, page)
	}
	for _, want := range []string{"augur analyze: pi.c", "<h2>pi.c</h2>", "onens</b>: computation", "predicted run time", "pi.c:", "runs "} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(page, dir) {
		t.Error("the page shows the workspace's absolute path")
	}
	for _, c := range []struct {
		body map[string]any
		code int
		want string
	}{
		{map[string]any{"file": "broken.c"}, http.StatusUnprocessableEntity, "broken.c:2:"},
		{map[string]any{"file": "../etc/passwd.c"}, http.StatusBadRequest, "outside the workspace"},
		{map[string]any{"file": "sample.aug"}, http.StatusBadRequest, "pick a C source"},
		{map[string]any{"file": "pi.c", "machines": []string{"nope.yaml"}}, http.StatusBadRequest, "machine"},
		{map[string]any{"file": "pi.c", "procs": -1}, http.StatusBadRequest, "processes"},
		{map[string]any{"file": "pi.c", "bogus": 1}, http.StatusBadRequest, `request body: JSON: unknown field \"bogus\"`},
	} {
		code, msg := post(t, ts.URL+"/api/analyze", c.body)
		if code != c.code || !strings.Contains(msg, c.want) {
			t.Errorf("%v: %d %s; want %d and %q", c.body, code, msg, c.code, c.want)
		}
	}
}
