import { useTranslation } from 'gatsby-plugin-react-i18next';
import React, { useEffect, useRef } from 'react';
import { track } from '../../features/analytics/track';
import { CssIcon } from './css-icons';
import * as styles from './Omnichannel.module.css';

const VIDEO_NAME = 'omnichannel';
const POSTER = '/media/omnichannel-poster.jpg';

const CHANNELS = [
  { id: 'display', icon: 'Monitor' },
  { id: 'video', icon: 'PlayCircle' },
  { id: 'ctv', icon: 'Tv' },
  { id: 'audio', icon: 'Headphones' },
  { id: 'dooh', icon: 'Signpost' },
  { id: 'mobile', icon: 'Smartphone' },
] as const;

export function Omnichannel() {
  const { t } = useTranslation('home');
  // The poster is set as the visitor nears the video: in the HTML it would be fetched before the page's first paint,
  // and a visitor who never scrolls this far never fetches it.
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element || element.poster) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        element.poster = POSTER;
        observer.disconnect();
      },
      { rootMargin: '600px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <section id="omnichannel" className={`section ${styles.section}`} aria-labelledby="omnichannel-title">
      <div className="container">
        <span className={`eyebrow ${styles.eyebrow}`}>{t('omnichannel.eyebrow')}</span>
        <h2 id="omnichannel-title">{t('omnichannel.title')}</h2>
        <p className={`lead ${styles.lead}`}>{t('omnichannel.lead')}</p>
        <ul className={styles.channels}>
          {CHANNELS.map(({ id, icon }) => (
            <li key={id}>
              <CssIcon name={icon} className={styles.channelIcon} />
              <strong>{t(`omnichannel.channels.${id}.name`)}</strong>
              <span className={styles.channelText}>{t(`omnichannel.channels.${id}.text`)}</span>
            </li>
          ))}
        </ul>
        <figure className={styles.video}>
          {/* Self-hosted, no sound track, never autoplays; fetched only when played; its poster as the visitor nears it. */}
          <video
            ref={video}
            controls
            playsInline
            preload="none"
            width={960}
            height={540}
            aria-label={t('omnichannel.video.label')}
            onPlay={() => track({ event: 'video_interaction', video_action: 'play', video_name: VIDEO_NAME })}
            onPause={(event) =>
              !event.currentTarget.ended && track({ event: 'video_interaction', video_action: 'pause', video_name: VIDEO_NAME })
            }
            onEnded={() => track({ event: 'video_interaction', video_action: 'complete', video_name: VIDEO_NAME })}
          >
            <source src="/media/omnichannel.webm" type="video/webm" />
            <source src="/media/omnichannel.mp4" type="video/mp4" />
          </video>
          <figcaption>{t('omnichannel.video.caption')}</figcaption>
        </figure>
        <div className={styles.technology}>
          <article>
            <CssIcon name="Database" className={styles.technologyIcon} />
            <h3>{t('omnichannel.technology.dataTitle')}</h3>
            <p>{t('omnichannel.technology.dataText')}</p>
          </article>
          <article>
            <CssIcon name="Workflow" className={styles.technologyIcon} />
            <h3>{t('omnichannel.technology.softwareTitle')}</h3>
            <p>{t('omnichannel.technology.softwareText')}</p>
          </article>
        </div>
      </div>
    </section>
  );
}
