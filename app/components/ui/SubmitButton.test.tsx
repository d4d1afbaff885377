// @vitest-environment happy-dom
import { Form, Outlet, useFetcher } from "@remix-run/react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRef } from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createRemixStub } from "../../../tests/fixtures/remix-stub";
import { SubmitButton } from "./SubmitButton";

/** Answers held back until the test lets them go, so a submission stays under way. */
let held: Array<() => void> = [];
const hold = () => new Promise<null>((resolve) => held.push(() => resolve(null)));
const answer = () => act(async () => held.splice(0).forEach((release) => release()));

afterEach(() => {
  cleanup();
  held = [];
});
// A document submission would make happy-dom load the page from a server.
beforeAll(() => {
  (window as unknown as { happyDOM: { settings: { navigation: { disableMainFrameNavigation: boolean } } } }).happyDOM.settings.navigation.disableMainFrameNavigation = true;
});

/** A page with the kinds of forms the site has, most of them posting to the page's own (index) route. */
function Page() {
  const later = useFetcher();
  return (
    <main>
      <Form method="post">
        <input type="hidden" name="intent" value="save" />
        <input name="name" aria-label="name" defaultValue="Kim" />
        <SubmitButton className="btn-primary w-full" data-testid="save">
          Save
        </SubmitButton>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <SubmitButton>Delete</SubmitButton>
      </Form>
      {[1, 2].map((member) => (
        <Form method="post" key={member}>
          <input type="hidden" name="intent" value="unblock" />
          <input type="hidden" name="member" value={member} />
          <SubmitButton>{`Unblock ${member}`}</SubmitButton>
        </Form>
      ))}
      {[7, 8].map((photo) => (
        <Form method="post" key={photo}>
          <input type="hidden" name="intent" value="delete-photo" />
          <SubmitButton name="photo" value={photo}>{`Delete photo ${photo}`}</SubmitButton>
        </Form>
      ))}
      <Form method="post">
        <SubmitButton name="choice" value="pass">
          Pass
        </SubmitButton>
        <SubmitButton name="choice" value="like">
          Like
        </SubmitButton>
      </Form>
      <Form method="post" action="/logout">
        <SubmitButton>Log out</SubmitButton>
      </Form>
      <Form method="get" action="/search">
        <input name="q" aria-label="q" defaultValue="kim" />
        <SubmitButton>Search</SubmitButton>
      </Form>
      <later.Form method="post" action="/logout">
        <SubmitButton pending={later.state !== "idle"}>Later</SubmitButton>
      </later.Form>
      <Form method="post" action="/language" reloadDocument>
        <SubmitButton>Nederlands</SubmitButton>
      </Form>
    </main>
  );
}

async function show() {
  const Stub = createRemixStub([
    {
      path: "/",
      Component: Outlet,
      children: [
        { index: true, Component: Page, action: hold },
        { path: "logout", Component: Page, action: hold },
        { path: "search", Component: Page, loader: hold },
      ],
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  await screen.findByRole("button", { name: "Save" });
}

const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;
const send = (name: string) => act(async () => void fireEvent.click(button(name)));
/** What a button shows: idle, busy (disabled, aria-busy, the spinner), or only disabled (another button of its form was pressed). */
function shows(name: string): "idle" | "busy" | "disabled" {
  const element = button(name);
  const busy = element.getAttribute("aria-busy") === "true";
  expect(element.querySelector("[data-spinner]") !== null).toBe(busy);
  const refused = element.getAttribute("aria-disabled") === "true";
  if (busy) expect(refused).toBe(true);
  return busy ? "busy" : refused ? "disabled" : "idle";
}
const ALL = ["Save", "Delete", "Unblock 1", "Unblock 2", "Delete photo 7", "Delete photo 8", "Pass", "Like", "Log out", "Search", "Later", "Nederlands"];
const showing = () => Object.fromEntries(ALL.map((name) => [name, shows(name)]));
const idleBut = (changed: Record<string, "busy" | "disabled">) => ({ ...Object.fromEntries(ALL.map((name) => [name, "idle"])), ...changed });

/** Sends the form of button `name`: only it is busy (and the buttons `disabled` disabled) until the answer, then all are idle again. */
async function sendAndAnswer(name: string, disabled: string[] = []) {
  await send(name);
  expect(showing()).toEqual(idleBut({ [name]: "busy", ...Object.fromEntries(disabled.map((other) => [other, "disabled"])) }));
  await answer();
  expect(showing()).toEqual(idleBut({}));
}

describe("SubmitButton (docs/product/site.md#sending-a-form)", () => {
  it("is a plain submit button while nothing is sent, with its classes, test id and label", async () => {
    await show();
    expect(button("Save").outerHTML).toBe('<button type="submit" class="btn-primary w-full" data-testid="save">Save</button>');
    expect(showing()).toEqual(idleBut({}));
  });

  it("is disabled, aria-busy and turning while its own form is sent, and no button of another form on the page is", async () => {
    await show();
    await send("Save");
    expect(showing()).toEqual(idleBut({ Save: "busy" }));
    // Its own classes kept, and the one that hides the label in place; the label still names it.
    expect(button("Save").className).toBe("btn-primary w-full submit-busy");
    expect(button("Save").dataset.testid).toBe("save");
    await answer();
    expect(showing()).toEqual(idleBut({}));
  });

  it("tells apart the forms of one action by their fields: an intent, a row of a list, a row's id on its button", async () => {
    await show();
    for (const name of ["Unblock 2", "Delete photo 8", "Delete"]) await sendAndAnswer(name);
  });

  it("turns on the button pressed; the other buttons of its form are disabled, so the form cannot go twice", async () => {
    await show();
    await sendAndAnswer("Like", ["Pass"]);
  });

  it("follows a form to another route, and a search while its results load", async () => {
    await show();
    await sendAndAnswer("Log out");
    await sendAndAnswer("Search");
  });

  it("takes a fetcher's state from the page: the navigation to the same action is another form", async () => {
    await show();
    await sendAndAnswer("Later");
  });

  it("hands the page its ref, in a form and with a fetcher's state", async () => {
    const [inForm, withState] = [createRef<HTMLButtonElement>(), createRef<HTMLButtonElement>()];
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => (
          <Form method="post">
            <SubmitButton ref={inForm}>In a form</SubmitButton>
            <SubmitButton ref={withState} pending={false}>
              With a state
            </SubmitButton>
          </Form>
        ),
      },
    ]);
    render(<Stub />);
    await screen.findByRole("button", { name: "In a form" });
    expect([inForm.current, withState.current]).toEqual([button("In a form"), button("With a state")]);
  });

  it("shows a form the browser sends itself (reloadDocument) until the page is replaced", async () => {
    await show();
    await send("Nederlands");
    expect(showing()).toEqual(idleBut({ Nederlands: "busy" }));
  });
});
