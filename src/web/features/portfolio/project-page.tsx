/** Placeholder until the project page is built (issue 27). */
export function ProjectPage() {
  return null;
}
