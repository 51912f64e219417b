// The play page's server: the editor's JSON helpers (one way to talk to a printkit page).
export { get, post, ApiError } from "/static/editor/api.js";
