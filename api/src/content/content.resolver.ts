import { Query, Resolver } from '@nestjs/graphql';
import { ContentService } from './content.service';
import { Coverage } from './models/coverage.model';

@Resolver()
export class ContentResolver {
  constructor(private readonly content: ContentService) {}

  @Query(() => Coverage, { description: 'Countries, topics and audiences covered, for the copy of the site', complexity: 5 })
  coverage(): Promise<Coverage> {
    return this.content.coverage();
  }
}
