// A realistic owner's conversation with Martha for the benchmarks: 20 questions, one in five stating a new fact.

/** The owner's side of the conversation; the ones that state a fact are marked. */
export const SCRIPT: Array<{ text: string; states?: true }> = [
  { text: "How can I get more people through the door on weekday mornings?" },
  { text: "We opened a second café in Leeds in March.", states: true },
  { text: "Which social channel should I focus on first?" },
  { text: "How often should I post?" },
  { text: "What kind of posts work best for a café?" },
  { text: "Should I try paid ads?" },
  { text: "Our marketing budget is £600 a month.", states: true },
  { text: "How would you split that budget?" },
  { text: "Is a loyalty card still worth it?" },
  { text: "How do I measure whether it works?" },
  { text: "What should I do about bad reviews?" },
  { text: "Most of our regulars are students from the university next door.", states: true },
  { text: "What offers would suit them?" },
  { text: "How do I keep them over the summer holidays?" },
  { text: "Can you draft a short post about our new autumn menu?" },
  { text: "Make it a bit more playful." },
  { text: "We stopped the Facebook ads in May because they brought nobody in.", states: true },
  { text: "Was that the right call?" },
  { text: "What should I try instead?" },
  { text: "Give me a plan for next month in three steps." },
];
