# The lesson's get_job in Python, for the side-by-side benchmark's Pyodide page: the same six
# rows, the same rules (a digit string is coerced, a boolean, a negative or a non-digit string
# is rejected, an unknown id names the real ones) and the same observations as the Go tool.
import json
import re

MAX_JOB_ID = 2147483647
JOBS = {
    17: {"id": 17, "name": "nightly-backup", "status": "failed", "failed_step": "upload",
         "error": "storage quota exceeded"},
    42: {"id": 42, "name": "invoice-export", "status": "failed", "failed_step": "render",
         "error": "template missing: invoice_v2"},
}
DIGITS = re.compile(r"[0-9]+")
PYTHONISMS = {"True": "true", "False": "false", "None": "null"}


def invalid(hint, got=None, field="job_id"):
    obs = {"error": "invalid_args", "field": field, "hint": hint}
    if got is not None:
        obs["got"] = got
    return "invalid_args", obs


def get_job(raw):
    """Answers one call: raw is what the model sent, a bare value being job_id."""
    raw = raw.strip()
    try:
        value = json.loads(PYTHONISMS.get(raw, raw))
    except ValueError:
        return invalid('the arguments are not JSON; send an object like {"job_id": 17}', field="")
    args = value if isinstance(value, dict) else {"job_id": value}
    for key in args:
        if key != "job_id":
            return invalid("unknown argument; get_job takes only job_id", field=key)
    if "job_id" not in args:
        return invalid("job_id is required, like 17")
    got = args["job_id"]
    if isinstance(got, bool):
        return invalid("job_id must be a number like 17, not true or false", got)
    if isinstance(got, str):
        if not DIGITS.fullmatch(got):
            return invalid("job_id must be a whole number from 1 to 2147483647, like 17", got)
        if got.startswith("0"):
            return invalid("job_id must not start with 0 (some parsers read that as octal); send 17", got)
        got = int(got)
    if not isinstance(got, int) or not 1 <= got <= MAX_JOB_ID:
        return invalid("job_id must be a whole number from 1 to 2147483647, like 17", got)
    if got not in JOBS:
        return "not_found", {"error": "not_found", "field": "job_id", "got": got,
                             "hint": "no job %d; job ids look like 17 and 42: use an id from the jobs list, do not guess" % got}
    return "ok", {"ok": True, "job": JOBS[got]}


def run_table(inputs):
    """Runs every row and returns [input, code, observation JSON] per row."""
    out = []
    for raw in inputs:
        code, obs = get_job(raw)
        out.append([raw, code, json.dumps(obs, separators=(",", ":"))])
    return out
