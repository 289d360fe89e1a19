// What the page's scripts share: calling this service's API (with readable errors, also for
// answers that are not JSON), status messages, and the turn diagram.

export const $ = (id) => document.getElementById(id);

export class ApiError extends Error {
  constructor(message, problem) {
    super(message);
    this.problem = problem || null;
  }
}

// "path: message" pairs of problem+json errors (marshmallow's nested style).
export function flattenErrors(errors, prefix = "") {
  if (Array.isArray(errors)) return errors.map((m) => (typeof m === "string" ? [prefix, m] : [prefix, JSON.stringify(m)]));
  if (errors && typeof errors === "object") {
    return Object.entries(errors).flatMap(([key, value]) => flattenErrors(value, prefix ? `${prefix}.${key}` : key));
  }
  return [[prefix, String(errors)]];
}

export function problemText(problem) {
  // errors of the whole body (_document, _batch…) have no path a person would read
  const lines = flattenErrors(problem.errors || {}).slice(0, 12)
    .map(([path, m]) => (path && !path.startsWith("_") ? `${path}: ${m}` : m));
  return [`${problem.title}: ${problem.detail}`, ...lines].join("\n");
}

// GET (no body) or POST a JSON body; the parsed answer, or an ApiError whose message a person
// can read: the problem's title, detail and errors, or what went wrong when the answer is
// not JSON at all (a proxy's error page, a network failure).
export async function api(path, body) {
  const options = body === undefined ? {} : { method: "POST", body,
    headers: { "Content-Type": "application/json" } };
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    throw new ApiError(`The service could not be reached (${error.message}). Is it still running?`);
  }
  return readAnswer(response, path);
}

// A file's bytes as the body (an EDOPro replay: POST /v1/import/edopro).
export async function apiBytes(path, bytes) {
  let response;
  try {
    response = await fetch(path, { method: "POST", body: bytes,
      headers: { "Content-Type": "application/octet-stream" } });
  } catch (error) {
    throw new ApiError(`The service could not be reached (${error.message}). Is it still running?`);
  }
  return readAnswer(response, path);
}

export async function readAnswer(response, path) {
  const type = response.headers.get("Content-Type") || "";
  let data = null;
  if (type.includes("json")) {
    try { data = await response.json(); } catch { data = null; }
  }
  if (response.ok && data !== null) return data;
  if (data && data.title) throw new ApiError(problemText(data), data);
  const status = `${response.status} ${response.statusText || ""}`.trim();
  throw new ApiError(response.ok
    ? `The service's answer to ${path} is not JSON; it cannot be read.`
    : `The service answered ${status} to ${path}, with no explanation it could read (not JSON).`);
}

// A status line: kind is "busy", "error" or "" (done).
export function setStatus(target, text, kind = "") {
  target.className = `status ${kind}`;
  target.textContent = text;
  target.setAttribute("role", kind === "error" ? "alert" : "status");
}

// The turn diagram, fetched once per place with ids of its own; the phase is marked here.
export async function loadDiagram(target, ids) {
  try {
    const body = await api(`/v1/machine?ids=${encodeURIComponent(ids)}`);
    target.innerHTML = body.svg; // our own server-made SVG
  } catch (error) {
    target.textContent = `The turn diagram could not be loaded: ${error.message}`;
  }
}

export function markPhase(target, phase) {
  for (const group of target.querySelectorAll("[data-phase]")) {
    group.classList.toggle("current", group.dataset.phase === phase);
  }
  const title = target.querySelector("title");
  if (title) {
    const name = window.duelboard.phaseName(phase);
    title.textContent = `The phases of a turn and how one leads to the next${name ? "; now: " + name : ""}`;
  }
}

// Scroll a list's box (not the page) so that item is in view, below the sticky heading.
export function scrollIntoBox(box, item) {
  if (!box || !item) return;
  const boxRect = box.getBoundingClientRect();
  const rect = item.getBoundingClientRect();
  const margin = 36;
  if (rect.top < boxRect.top + margin || rect.bottom > boxRect.bottom - 4) {
    box.scrollTop += rect.top - boxRect.top - box.clientHeight / 3;
  }
}
