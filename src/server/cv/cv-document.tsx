import { Document, Link, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import type { CvPaperSize } from '../../shared/cv.js';
import {
  type Cv,
  type CvEntry,
  type CvLevel,
  languageLevel,
  levelOutOfFive,
  periodText,
  shownUrl,
} from './cv-content.js';
import { CV_FONT_FAMILY } from './cv-fonts.js';

// The site's light theme (src/web/styles/tokens.css): ink, muted text, accent and rules. Every mark
// that carries meaning is also a shape or a word, so the CV reads the same printed in black and white.
const INK = '#15181d';
const MUTED = '#505866';
const ACCENT = '#0d6973';
const ACCENT_STRONG = '#09525a';
const RULE = '#ddd7ca';
const SOFT = '#dcefed';

const PAPER: Record<CvPaperSize, 'A4' | 'LETTER'> = { a4: 'A4', letter: 'LETTER' };

const styles = StyleSheet.create({
  page: {
    fontFamily: CV_FONT_FAMILY,
    fontSize: 9,
    color: INK,
    // No lineHeight here: on the page it hides the fixed footer (react-pdf 4.9); each text sets its own.
    paddingTop: 40,
    paddingBottom: 52,
    paddingHorizontal: 46,
  },
  header: { marginBottom: 4 },
  name: { fontSize: 24, fontWeight: 800, lineHeight: 1.15, letterSpacing: -0.3 },
  role: { fontSize: 11.5, fontWeight: 600, color: ACCENT, marginTop: 3 },
  contacts: { flexDirection: 'row', flexWrap: 'wrap', marginTop: 8, color: MUTED, fontSize: 8.5 },
  contact: { marginRight: 12 },
  link: { color: INK, textDecoration: 'none' },
  profiles: { flexDirection: 'row', flexWrap: 'wrap', marginTop: 3, fontSize: 8.5, color: MUTED },
  profile: { marginRight: 12 },
  profileNetwork: { fontWeight: 600, color: INK },
  section: { marginTop: 14 },
  sectionTitle: {
    fontSize: 8.5,
    fontWeight: 700,
    textTransform: 'uppercase',
    letterSpacing: 1.2,
    color: ACCENT_STRONG,
    paddingBottom: 3,
    marginBottom: 7,
    borderBottomWidth: 0.75,
    borderBottomColor: RULE,
  },
  paragraph: { fontSize: 9.5, lineHeight: 1.5, marginBottom: 4 },
  entryText: { fontSize: 9, lineHeight: 1.45 },
  entry: { flexDirection: 'row' },
  entryPeriod: { width: 86, fontSize: 8.5, color: MUTED, paddingTop: 1.5 },
  entryBody: { flex: 1, paddingLeft: 12, paddingBottom: 9, borderLeftWidth: 1, borderLeftColor: RULE },
  entryDot: {
    position: 'absolute',
    left: -4,
    top: 4,
    width: 7,
    height: 7,
    borderRadius: 3.5,
    borderWidth: 1.5,
    borderColor: ACCENT,
    backgroundColor: '#ffffff',
  },
  entryTitle: { fontSize: 10.5, fontWeight: 700, lineHeight: 1.3 },
  entryPlace: { fontSize: 9, fontWeight: 600, color: ACCENT_STRONG, marginBottom: 2 },
  columns: { flexDirection: 'row', marginHorizontal: -8 },
  column: { flex: 1, paddingHorizontal: 8 },
  columnTitle: { fontSize: 9, fontWeight: 700, marginBottom: 4 },
  level: { flexDirection: 'row', alignItems: 'center', marginBottom: 3 },
  levelName: { flex: 1, fontSize: 8.5 },
  levelWord: { fontSize: 7.5, color: MUTED, marginRight: 5 },
  marks: { flexDirection: 'row' },
  mark: { width: 6, height: 6, marginLeft: 2, borderWidth: 0.75, borderColor: INK },
  markFilled: { backgroundColor: INK },
  knowledge: { marginTop: 8, fontSize: 8.5, lineHeight: 1.5, color: MUTED },
  knowledgeLabel: { fontWeight: 700, color: INK },
  grid: { flexDirection: 'row', flexWrap: 'wrap', marginHorizontal: -8 },
  cell: { width: '50%', paddingHorizontal: 8, marginBottom: 8 },
  cellTitle: { fontSize: 9.5, fontWeight: 700, lineHeight: 1.3 },
  cellText: { fontSize: 8.5, lineHeight: 1.4, color: INK },
  cellMeta: { fontSize: 8, color: MUTED, marginTop: 1 },
  tag: {
    fontSize: 7.5,
    color: ACCENT_STRONG,
    backgroundColor: SOFT,
    borderRadius: 3,
    paddingHorizontal: 4,
    paddingVertical: 1,
    marginRight: 3,
    marginTop: 2,
  },
  tags: { flexDirection: 'row', flexWrap: 'wrap' },
  footer: {
    position: 'absolute',
    left: 46,
    right: 46,
    bottom: 24,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 7.5,
    color: MUTED,
    borderTopWidth: 0.75,
    borderTopColor: RULE,
    paddingTop: 5,
  },
});

function Section({ title, children, breakable = true }: { title: string; children: ReactNode; breakable?: boolean }) {
  return (
    <View style={styles.section} wrap={breakable}>
      {/* A heading is never left alone at the foot of a page. */}
      <Text style={styles.sectionTitle} minPresenceAhead={40}>
        {title}
      </Text>
      {children}
    </View>
  );
}

function Timeline({ entries, cv }: { entries: CvEntry[]; cv: Cv }) {
  return entries.map((entry, index) => (
    // An entry stays on one page.
    // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id and keep their order
    <View key={index} style={styles.entry} wrap={false}>
      <Text style={styles.entryPeriod}>{periodText(entry.period, cv.labels)}</Text>
      <View style={styles.entryBody}>
        <View style={styles.entryDot} />
        <Text style={styles.entryTitle}>{entry.title}</Text>
        <Text style={styles.entryPlace}>{entry.place}</Text>
        <Text style={styles.entryText}>{entry.description}</Text>
      </View>
    </View>
  ));
}

/** Five squares, filled up to the level: no colour needed to read it. */
function Marks({ level }: { level: number }) {
  const filled = levelOutOfFive(level);
  return (
    <View style={styles.marks}>
      {[1, 2, 3, 4, 5].map((mark) => (
        <View key={mark} style={mark <= filled ? [styles.mark, styles.markFilled] : styles.mark} />
      ))}
    </View>
  );
}

function Levels({ title, items, words }: { title: string; items: CvLevel[]; words?: (level: number) => string }) {
  return (
    <View style={styles.column}>
      <Text style={styles.columnTitle}>{title}</Text>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: made once, never updated; owner-written names may repeat
        <View key={index} style={styles.level} wrap={false}>
          <Text style={styles.levelName}>{item.name}</Text>
          {words ? <Text style={styles.levelWord}>{words(item.level)}</Text> : null}
          <Marks level={item.level} />
        </View>
      ))}
    </View>
  );
}

function Header({ cv }: { cv: Cv }) {
  const contacts: ReactNode[] = [];
  if (cv.location) contacts.push(<Text key="location">{cv.location}</Text>);
  if (cv.email) {
    contacts.push(
      <Link key="email" src={`mailto:${cv.email}`} style={styles.link}>
        {cv.email}
      </Link>,
    );
  }
  if (cv.phone) {
    contacts.push(
      <Link key="phone" src={`tel:${cv.phone.replace(/[^+\d]/g, '')}`} style={styles.link}>
        {cv.phone}
      </Link>,
    );
  }
  contacts.push(
    <Link key="website" src={cv.website} style={styles.link}>
      {shownUrl(cv.website.split('?')[0] ?? cv.website)}
    </Link>,
  );
  return (
    <View style={styles.header}>
      <Text style={styles.name}>{cv.name}</Text>
      <Text style={styles.role}>{cv.role}</Text>
      <View style={styles.contacts}>
        {contacts.map((contact, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list built above
          <View key={index} style={styles.contact}>
            {contact}
          </View>
        ))}
      </View>
      {cv.links.length > 0 ? (
        <View style={styles.profiles}>
          {cv.links.map((link, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: made once, never updated; a link may be listed twice
            <Text key={index} style={styles.profile}>
              <Text style={styles.profileNetwork}>{link.network} </Text>
              <Link src={link.url} style={styles.link}>
                {link.shown}
              </Link>
            </Text>
          ))}
        </View>
      ) : null}
    </View>
  );
}

/** The CV as a PDF document: one or two pages for the demo content, A4 or US Letter. */
export function CvDocument({ cv, paper }: { cv: Cv; paper: CvPaperSize }) {
  const { labels } = cv;
  const title = `${cv.name} — ${labels.documentTitle}`;
  const hasSkills = cv.design.length + cv.coding.length + cv.languages.length > 0;
  return (
    <Document
      title={title}
      author={cv.name}
      subject={cv.role}
      keywords={[...cv.design, ...cv.coding].map((skill) => skill.name).join(', ')}
      creator="Sahifa"
      language={cv.language}
    >
      <Page size={PAPER[paper]} style={styles.page}>
        <View style={styles.footer} fixed>
          <Text>{title}</Text>
          <Text render={({ pageNumber, totalPages }) => `${labels.page} ${pageNumber} / ${totalPages}`} />
        </View>
        <Header cv={cv} />
        {cv.about.length > 0 ? (
          <Section title={labels.about}>
            {cv.about.map((paragraph, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: made once, never updated; paragraphs may repeat
              <Text key={index} style={styles.paragraph}>
                {paragraph}
              </Text>
            ))}
          </Section>
        ) : null}
        {cv.experience.length > 0 ? (
          <Section title={labels.experience}>
            <Timeline entries={cv.experience} cv={cv} />
          </Section>
        ) : null}
        {cv.education.length > 0 ? (
          <Section title={labels.education}>
            <Timeline entries={cv.education} cv={cv} />
          </Section>
        ) : null}
        {hasSkills || cv.knowledge.length > 0 ? (
          <Section title={labels.skills} breakable={false}>
            {hasSkills ? (
              <View style={styles.columns}>
                {cv.design.length > 0 ? <Levels title={labels.design} items={cv.design} /> : null}
                {cv.coding.length > 0 ? <Levels title={labels.coding} items={cv.coding} /> : null}
                {cv.languages.length > 0 ? (
                  <Levels
                    title={labels.languages}
                    items={cv.languages}
                    words={(level) => languageLevel(level, labels)}
                  />
                ) : null}
              </View>
            ) : null}
            {cv.knowledge.length > 0 ? (
              <Text style={styles.knowledge}>
                <Text style={styles.knowledgeLabel}>{labels.knowledge}: </Text>
                {cv.knowledge.join(' · ')}
              </Text>
            ) : null}
          </Section>
        ) : null}
        {cv.services.length > 0 ? (
          <Section title={labels.services}>
            <View style={styles.grid}>
              {cv.services.map((service, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: made once, never updated; owner-written titles may repeat
                <View key={index} style={styles.cell} wrap={false}>
                  <Text style={styles.cellTitle}>{service.title}</Text>
                  <Text style={styles.cellText}>{service.description}</Text>
                </View>
              ))}
            </View>
          </Section>
        ) : null}
        {cv.projects.length > 0 ? (
          <Section title={labels.projects}>
            <View style={styles.grid}>
              {cv.projects.map((project, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: made once, never updated; owner-written titles may repeat
                <View key={index} style={styles.cell} wrap={false}>
                  <Text style={styles.cellTitle}>
                    {project.title} <Text style={styles.cellMeta}>· {project.year}</Text>
                  </Text>
                  <Text style={styles.cellText}>{project.summary}</Text>
                  {project.url ? (
                    <Link src={project.url} style={[styles.link, styles.cellMeta]}>
                      {shownUrl(project.url)}
                    </Link>
                  ) : null}
                  <View style={styles.tags}>
                    {project.tags.map((tag, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: made once, never updated; a tag may repeat
                      <Text key={index} style={styles.tag}>
                        {tag}
                      </Text>
                    ))}
                  </View>
                </View>
              ))}
            </View>
          </Section>
        ) : null}
      </Page>
    </Document>
  );
}
