// docs/spec/accounts-and-details.md §2 Programme detail: "A testimonial carousel shows three sample reviews
// (star rating, name, text)"; §3 "Review sample: image, name, rating, review_text". Written for
// StudyAtlas; the picture is a generated initials avatar (no remote image host).
export interface Testimonial {
  name: string;
  /** 1 to 5 stars. */
  rating: number;
  review_text: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: "Lucía Fernández",
    rating: 5,
    review_text:
      "Everything I needed to decide was on one page: the intake dates, the requirements and the real tuition. I applied the same week.",
  },
  {
    name: "Kwame Mensah",
    rating: 5,
    review_text:
      "The syllabus and structure sections showed me exactly what I would study each term, which made comparing two programmes easy.",
  },
  {
    name: "Mei Tanaka",
    rating: 4,
    review_text:
      "Studying online while working full-time felt impossible until I found a part-time programme here that fit my schedule.",
  },
];
