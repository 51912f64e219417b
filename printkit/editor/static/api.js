// Talking to the editor's server: JSON in, JSON out; a refusal becomes an Error whose
// message is the server's (status kept for the 409 "changed on disk" question).

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

async function answer(response) {
  if (response.ok) return response;
  let message = `${response.status} ${response.statusText}`;
  try {
    message = (await response.json()).error ?? message;
  } catch {
    // not JSON: keep the status line
  }
  throw new ApiError(message, response.status);
}

export async function get(path) {
  return (await answer(await fetch(path))).json();
}

export async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await answer(response)).json();
}

// A PDF from the server, handed to the browser as a download.
export async function download(body) {
  const response = await answer(await fetch("/api/download", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  }));
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "level.pdf";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
  return filename;
}
