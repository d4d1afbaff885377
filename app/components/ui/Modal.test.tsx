// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useRef, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Modal } from "./Modal";

afterEach(cleanup);

/** A page with a button that opens a modal of three buttons, and a field the modal may send the focus to. */
function Page({ escapable = true, toField = false }: { escapable?: boolean; toField?: boolean }) {
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <input ref={field} aria-label="field" />
      {open ? (
        <Modal labelledBy="title" onClose={escapable ? () => setOpen(false) : undefined} closeOnBackdrop returnFocusTo={toField ? field : undefined} testId="panel" backdropTestId="backdrop">
          <h2 id="title">Title</h2>
          <button type="button">first</button>
          <button type="button" data-autofocus>
            second
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            last
          </button>
        </Modal>
      ) : null}
    </main>
  );
}

async function openModal() {
  const opener = screen.getByRole("button", { name: "open" });
  opener.focus();
  await act(async () => void fireEvent.click(opener));
  return screen.getByRole("dialog", { name: "Title" });
}

const frame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
const tab = (shift = false) => act(async () => void fireEvent.keyDown(document.activeElement ?? document.body, { key: "Tab", shiftKey: shift }));
const focused = () => document.activeElement?.textContent;

describe("Modal: one dialog for every modal (docs/product/site.md#accessibility)", () => {
  it("opens as a modal dialog, named by its title, with the marked control focused", async () => {
    render(<Page />);
    const dialog = await openModal();
    expect(dialog.tagName).toBe("DIALOG");
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(focused()).toBe("second");
  });

  it("keeps Tab and Shift+Tab inside: from the last control to the first and back", async () => {
    render(<Page />);
    await openModal();
    screen.getByRole("button", { name: "last" }).focus();
    await tab();
    expect(focused()).toBe("first");
    await tab(true);
    expect(focused()).toBe("last");
  });

  it("closes on Escape and gives the focus back to the button that opened it", async () => {
    render(<Page />);
    const dialog = await openModal();
    await act(async () => void fireEvent.keyDown(dialog, { key: "Escape" }));
    expect(screen.queryByTestId("panel")).toBeNull();
    await frame();
    expect(focused()).toBe("open");
  });

  it("sends the focus where the page asks when it closes", async () => {
    render(<Page toField />);
    await openModal();
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "last" })));
    await frame();
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "field" }));
  });

  it("stays open on Escape and on the backdrop when it must be answered; a click beside the panel closes one that may close", async () => {
    render(<Page escapable={false} />);
    const dialog = await openModal();
    await act(async () => void fireEvent.keyDown(dialog, { key: "Escape" }));
    await act(async () => void fireEvent.click(screen.getByTestId("backdrop")));
    expect(screen.getByTestId("panel")).toBeTruthy();
    cleanup();

    render(<Page />);
    await openModal();
    await act(async () => void fireEvent.click(screen.getByTestId("panel")));
    expect(screen.getByTestId("panel")).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getByTestId("backdrop")));
    expect(screen.queryByTestId("panel")).toBeNull();
  });
});
