import { describe, expect, it } from "vitest";

import { NotFoundError } from "../errors.ts";
import { offsetOf, pageCount, publicUrl, toPage } from "./pagination.ts";

const URL_OF = (query: string) => new URL(`http://api.test/api/academics/course/list${query}`);

describe("pageCount", () => {
  it.each([
    [0, 20, 1],
    [1, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
    [400, 20, 20],
    [401, 20, 21],
    [7, 1, 7],
  ])("%i items in pages of %i make %i page(s)", (count, pageSize, pages) => {
    expect(pageCount(count, pageSize)).toBe(pages);
  });
});

describe("offsetOf", () => {
  it("skips the earlier pages", () => {
    expect(offsetOf({ page: 1, pageSize: 20 })).toBe(0);
    expect(offsetOf({ page: 3, pageSize: 20 })).toBe(40);
  });
});

describe("toPage", () => {
  const items = ["a", "b"];

  it("links the first page to the second only", () => {
    const page = toPage(
      items,
      45,
      { page: 1, pageSize: 20 },
      URL_OF("?name=law&country=france&country=spain"),
    );
    expect(page).toEqual({
      count: 45,
      previous: null,
      next: "http://api.test/api/academics/course/list?name=law&country=france&country=spain&page=2",
      results: items,
    });
  });

  it("links a middle page both ways; the link to page 1 has no page parameter", () => {
    const page = toPage(items, 45, { page: 2, pageSize: 20 }, URL_OF("?page=2&ordering=-name"));
    expect(page.previous).toBe("http://api.test/api/academics/course/list?ordering=-name");
    expect(page.next).toBe("http://api.test/api/academics/course/list?page=3&ordering=-name");
  });

  it("has no next link on the last page", () => {
    const page = toPage(items, 45, { page: 3, pageSize: 20 }, URL_OF("?page=3"));
    expect(page.next).toBeNull();
    expect(page.previous).toBe("http://api.test/api/academics/course/list?page=2");
  });

  it("answers an empty first page when nothing matches", () => {
    expect(toPage([], 0, { page: 1, pageSize: 20 }, URL_OF(""))).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });

  it("rejects a page past the last one with 'Invalid page.'", () => {
    expect(() => toPage([], 45, { page: 4, pageSize: 20 }, URL_OF("?page=4"))).toThrow(
      NotFoundError,
    );
    expect(() => toPage([], 45, { page: 4, pageSize: 20 }, URL_OF("?page=4"))).toThrow(
      "Invalid page.",
    );
    expect(() => toPage([], 0, { page: 2, pageSize: 20 }, URL_OF("?page=2"))).toThrow(
      "Invalid page.",
    );
  });

  it("respects the page size when finding the last page", () => {
    const page = toPage(items, 10, { page: 2, pageSize: 5 }, URL_OF("?page=2&page_size=5"));
    expect(page.next).toBeNull();
    expect(() => toPage(items, 10, { page: 3, pageSize: 5 }, URL_OF(""))).toThrow("Invalid page.");
  });
});

describe("publicUrl", () => {
  it("puts the request's path and query on the public address", () => {
    expect(publicUrl("https://studyatlas.test", "/api/x?page=2").toString()).toBe(
      "https://studyatlas.test/api/x?page=2",
    );
  });

  it("keeps a path that starts with // a path, on the public host", () => {
    const url = publicUrl("https://studyatlas.test", "//evil.test/api/x");
    expect(url.host).toBe("studyatlas.test");
    expect(url.pathname).toBe("//evil.test/api/x");
  });
});
